import type { TFunction } from 'i18next';
import type { MainBarTab } from '../components/menu-bars/main-bar';

/** The send module's tabs (spec 002 section 2.7: campaigns, templates, audiences). */
export const sendTabs = (t: TFunction): MainBarTab[] => [
  { to: '/send/campaigns', label: t('send.tab-campaigns') },
  { to: '/send/templates', label: t('send.tab-templates') },
  { to: '/send/audiences', label: t('send.tab-audiences') },
];
