import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** Whether the device has a connection (the query client's view, which the sync layer shares). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline);
}
