export { queueEmail, lastEmailAt, type EmailMessage } from './outbox';
export { startEmailRelay, type EmailRelay, type EmailRelayOptions, type MailTransport } from './relay';
