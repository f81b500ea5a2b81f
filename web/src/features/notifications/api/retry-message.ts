import { Notifications } from '@roundwise/core';
import { useCommand } from '../../../lib/commands/use-command';

/** `notifications.retry`: a failed message goes back to pending with a new created date. */
export const useRetryMessage = () => useCommand(Notifications.retry);
