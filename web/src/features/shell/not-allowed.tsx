import './strings.ts';
import type { ErrorParams } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * A route the route table refuses: the same code and text the API answers with
 * (`access.role-required`, `access.level-required`...), never the screen.
 */
export function NotAllowed({ code, params }: { code: string; params: ErrorParams }) {
  const { t } = useTranslation();
  const values = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
  );
  return (
    <div
      data-testid="not-allowed"
      className="mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center"
    >
      <ShieldAlert className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-xl font-semibold">{t('shell.not-allowed-title')}</h1>
      <p className="text-muted-foreground">{t(code, values)}</p>
      <Link to="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        {t('shell.go-to-start')}
      </Link>
    </div>
  );
}
