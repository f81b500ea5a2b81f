/**
 * Messages to customers (`Notifications` in `@roundwise/core`; the spec's API says notifications).
 * Its one public face: its schemas and types, commands (by verb), rules and registration (`area`).
 */
export { area } from './area.ts';
export {
  cancelScheduled as cancel,
  markRead,
  requestRating,
  retryNotification as retry,
  SEND_EFFECT,
  sendBulkEmail as sendBulk,
  sendNotification as send,
  sendOnMyWay as onMyWay,
} from './commands.ts';
export * from './contact.ts';
export * from './rules.ts';
export * from './schema.ts';
export * from './sms-segments.ts';
export * from './status.ts';
export * from './view.ts';
