import './strings.ts';
import { type Actor, atLeast } from '@roundwise/core';
import { LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Where support is reached (the spec names a launcher, not its provider). */
export const SUPPORT_EMAIL = 'support@roundwise.app';

/** Spec 000 section 6: "Support launcher: level 3 and Owner or Admin". */
export const supportLauncherVisible = (actor: Actor) =>
  atLeast(actor.level, 'Ultimate') && actor.roles.some((r) => r === 'Owner' || r === 'Admin');

export function SupportLauncher({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  if (!supportLauncherVisible(actor)) return null;
  return (
    <a
      href={`mailto:${SUPPORT_EMAIL}`}
      className="fixed right-4 bottom-4 z-30 inline-flex h-11 items-center gap-2 rounded-full bg-primary px-4 text-sm font-medium text-primary-foreground shadow-lg hover:opacity-90"
    >
      <LifeBuoy className="size-4" aria-hidden />
      <span className="sr-only sm:not-sr-only">{t('support.open')}</span>
      <span className="sr-only sm:hidden">{t('support.open')}</span>
    </a>
  );
}
