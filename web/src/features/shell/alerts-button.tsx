import './strings.ts';
import { type Actor, Alerts, alertBadgeText, atLeast } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { useEntityList } from '../../lib/sync/hooks';

/** Spec 000 section 6: "Alerts button: level 2"; the count follows the alert audience rule. */
export function AlertsButton({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const alerts = useEntityList<Alerts.Alert>('alert');
  if (!atLeast(actor.level, 'Advanced')) return null;
  const badge = alertBadgeText(Alerts.unreadAlertCount(actor, alerts));
  return (
    <Link
      to="/alerts/{-$alertId}"
      params={{ alertId: undefined }}
      className="relative inline-flex size-9 items-center justify-center rounded-md hover:bg-accent"
    >
      <Bell className="size-5" aria-hidden />
      {/* The name in words, the badge only seen: an aria-label left the visible count out of it (WCAG 2.5.3). */}
      <span className="sr-only">{badge ? t('alerts.open-count', { count: badge }) : t('alerts.title')}</span>
      {badge && (
        <Badge
          aria-hidden
          data-testid="alerts-badge"
          className="absolute -top-0.5 -right-0.5 h-5 min-w-5 border-transparent bg-destructive px-1 text-[10px] leading-none font-semibold text-white tabular-nums"
        >
          {badge}
        </Badge>
      )}
    </Link>
  );
}
