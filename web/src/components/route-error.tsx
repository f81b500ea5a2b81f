import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';

/** A screen's code that could not be downloaded (the browsers word it differently). */
const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    error.message,
  );

/**
 * What a screen shows when it fails (the router's default error component). Offline, a screen
 * whose code this device has not downloaded yet says so and opens by itself once the signal is
 * back; any other failure offers to try again. Nothing the user entered is lost either way: it
 * lives in the offline cache, not in the screen.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const offlineChunk = isChunkLoadError(error);
  const retry = () => {
    reset();
    void router.invalidate();
  };
  useEffect(() => {
    if (!offlineChunk) return;
    window.addEventListener('online', retry, { once: true });
    return () => window.removeEventListener('online', retry);
  });
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-16 text-center">
      <p className="text-base font-medium">
        {t(offlineChunk ? 'general.screen-not-downloaded' : 'general.error')}
      </p>
      <Button variant="outline" onClick={retry}>
        {t('general.try-again')}
      </Button>
    </div>
  );
}
