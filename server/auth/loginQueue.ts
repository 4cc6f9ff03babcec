import { HttpError } from '../http/errors';
import { SCRYPT_CONCURRENCY } from '../security/password';
import { Semaphore } from '../security/semaphore';

/**
 * Sign-in checks (throttle, user lookup, password hash) run a few at a time; the rest wait here,
 * holding no database connection and no thread. Unbounded, a burst of logins queued hundreds of
 * statements ahead of every other request's query in the connection pool.
 */
export const LOGIN_CHECK_CONCURRENCY = SCRYPT_CONCURRENCY * 2;
/** Beyond this many waiting, a sign-in is turned away at once rather than waiting minutes. */
export const LOGIN_QUEUE_LIMIT = 500;
const RETRY_AFTER_SECONDS = 5;

const checks = new Semaphore(LOGIN_CHECK_CONCURRENCY);

export async function inLoginQueue<T>(work: () => Promise<T>, onBusy: (retryAfterSeconds: number) => void): Promise<T> {
  if (checks.queued >= LOGIN_QUEUE_LIMIT) {
    onBusy(RETRY_AFTER_SECONDS);
    throw new HttpError(503, 'SERVER_BUSY', 'Too many sign-ins at the moment. Please try again in a few seconds.', {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    });
  }
  return checks.run(work);
}
