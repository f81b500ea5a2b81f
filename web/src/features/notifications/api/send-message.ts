import { Notifications } from '@roundwise/core';
import { useCommand } from '../../../lib/commands/use-command';

/**
 * `notifications.send`: a message is a local save that syncs (spec 000 section 7), so one written
 * offline waits in the device's queue and is sent once when the connection returns.
 */
export const useSendMessage = () => useCommand(Notifications.send);
