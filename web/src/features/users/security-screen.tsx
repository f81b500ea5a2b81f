import './strings.ts';
import type { Audit } from '@roundwise/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { Screen } from '../../components/screen';
import { securityQuery } from './api/security';

const KINDS: Audit.SecurityKind[] = ['sign-in', 'sign-in-failed', 'new-device', 'role-change', 'invitation'];
/** Failed sign-ins and new devices are what an owner looks for: they stand out. */
const WARN = new Set<Audit.SecurityKind>(['sign-in-failed', 'new-device']);

/**
 * The users security view (`users/audit`, Ultimate or switched on for the account): for each
 * person, sign-ins, failed sign-ins, new devices, role changes and invitations of the last 90
 * days, read from the audit log; each person opens to their events, newest first.
 */
export function SecurityScreen() {
  const { t, i18n } = useTranslation();
  const { data: people } = useSuspenseQuery(securityQuery);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Screen title={t('users.security-title')}>
      <p className="mb-4 text-sm text-muted-foreground">{t('users.security-intro')}</p>
      {people.length === 0 && <Card>{t('users.security-empty')}</Card>}
      <ul className="flex flex-col gap-3">
        {people.map((p) => (
          <li key={p.email}>
            <Card className="p-0">
              <details className="group">
                <summary className="flex cursor-pointer flex-wrap items-center gap-x-4 gap-y-2 p-4">
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{p.name || p.email}</span>
                    {p.name && (
                      <span className="block truncate text-sm text-muted-foreground">{p.email}</span>
                    )}
                  </span>
                  <span className="flex flex-wrap gap-2">
                    {KINDS.map((kind) => (
                      <span
                        key={kind}
                        data-testid={`count-${kind}`}
                        className={clsx(
                          'rounded-md border px-2 py-0.5 text-xs',
                          WARN.has(kind) && p.counts[kind] > 0
                            ? 'border-destructive/40 bg-destructive/10 text-destructive'
                            : 'text-muted-foreground',
                        )}
                      >
                        {t(`users.security-${kind}`, { count: p.counts[kind] })}
                      </span>
                    ))}
                  </span>
                </summary>
                <ol className="divide-y border-t">
                  {p.events.map((e) => (
                    <li key={`${e.timestamp}-${e.kind}`} className="flex flex-wrap gap-x-3 px-4 py-2 text-sm">
                      <time dateTime={e.timestamp} className="w-40 shrink-0 text-muted-foreground">
                        {when.format(new Date(e.timestamp))}
                      </time>
                      <span
                        className={clsx('w-32 shrink-0 font-medium', WARN.has(e.kind) && 'text-destructive')}
                      >
                        {t(`users.security-kind-${e.kind}`)}
                      </span>
                      <span className="min-w-0 flex-1 break-words">
                        {e.summary}
                        {e.device && <span className="text-muted-foreground"> · {e.device}</span>}
                      </span>
                    </li>
                  ))}
                </ol>
              </details>
            </Card>
          </li>
        ))}
      </ul>
    </Screen>
  );
}
