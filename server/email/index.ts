export { queueEmail, lastEmailAt, type EmailMessage } from './outbox.js';
export { startEmailRelay, type EmailRelay, type EmailRelayOptions, type MailTransport } from './relay.js';
