import './strings.ts';
import { actorFromMe, canNavigate, matchRoute } from '@roundwise/core';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/screen';
import { useMe } from '../../lib/me';
import { NotAllowed } from './not-allowed';

/**
 * A path with no screen in this build: refused when the route table refuses it (so a direct URL
 * says "not allowed" whether or not the screen exists yet), else "page not found".
 */
export function RouteNotFound() {
  const { t } = useTranslation();
  const me = useMe();
  const { pathname } = useLocation();
  const match = matchRoute(pathname.replace(/^\/+/, ''));
  const result = match ? canNavigate(actorFromMe(me), match.route.name, match.params.tab) : undefined;
  const refusal = result && !result.ok ? result.error : undefined;
  return (
    <Screen title={refusal ? t('shell.not-allowed-title') : t('general.page-not-found')}>
      {refusal ? (
        <NotAllowed code={refusal.code} params={refusal.params} />
      ) : (
        <p className="py-16 text-center text-muted-foreground">{t('shell.no-screen-yet')}</p>
      )}
    </Screen>
  );
}
