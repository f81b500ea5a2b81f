import { useEffect, useState } from 'react';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

/** The browser's install offer (`beforeinstallprompt`): the drawer's "install app" entry. */
export function useInstallPrompt() {
  const [event, setEvent] = useState<BeforeInstallPromptEvent>();
  useEffect(() => {
    const keep = (e: Event) => {
      e.preventDefault();
      setEvent(e as BeforeInstallPromptEvent);
    };
    const installed = () => setEvent(undefined);
    window.addEventListener('beforeinstallprompt', keep);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener('beforeinstallprompt', keep);
      window.removeEventListener('appinstalled', installed);
    };
  }, []);
  return {
    available: !!event,
    prompt: () => {
      void event?.prompt();
      setEvent(undefined);
    },
  };
}
