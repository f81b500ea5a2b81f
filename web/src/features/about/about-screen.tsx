import './strings.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { Screen } from '../../components/screen';
import { APP_VERSION } from '../../lib/sync/offline-client';
import { markReleaseNotesSeen } from './notes-seen';
import { releaseNotes } from './release-notes';

/** About: the version and the release notes (startup shows it when there are new ones). */
export function AboutScreen({ developerMode }: { developerMode: boolean }) {
  const { t } = useTranslation();
  useEffect(() => markReleaseNotesSeen(APP_VERSION), []);
  return (
    <Screen title={t('about.title')}>
      <div className="flex flex-col gap-4">
        <Card>
          <h2 className="text-lg font-semibold">Roundwise</h2>
          <p className="text-sm text-muted-foreground">{t('about.tagline')}</p>
          <p className="mt-2 text-sm" data-testid="about-version">
            {t('about.version', { version: APP_VERSION })}
          </p>
          {developerMode && (
            <p className="mt-1 text-xs text-muted-foreground">{t('about.developer-mode-on')}</p>
          )}
        </Card>
        <Card>
          <h2 className="font-semibold">{t('about.release-notes')}</h2>
          <ul className="mt-2 flex flex-col gap-3">
            {releaseNotes.map((n) => (
              <li key={n.version}>
                <div className="text-sm font-medium">
                  v{n.version} <span className="text-xs font-normal text-muted-foreground">{n.date}</span>
                </div>
                <p className="text-sm text-muted-foreground">{t(n.key)}</p>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </Screen>
  );
}
