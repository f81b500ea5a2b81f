import './strings.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { Switch } from '../../components/ui/switch';
import { remoteSupportOn, remoteSupportScriptUrl, setRemoteSupport } from '../../lib/remote-support';

/**
 * Remote support (spec 002 section 2.12): the switch on this device, shown when the deployment
 * names a support script. Off by default; payment and bank fields stay hidden from the agent.
 */
export function RemoteSupportCard() {
  const { t } = useTranslation();
  const { data: scriptUrl } = useQuery({ queryKey: ['remote-support'], queryFn: remoteSupportScriptUrl });
  const [on, setOn] = useState(remoteSupportOn);
  if (!scriptUrl) return null;
  return (
    <Card>
      <div className="flex items-start gap-4">
        <div className="flex-1">
          <h2 className="font-semibold" id="remote-support-title">
            {t('profile.remote-support')}
          </h2>
          <p className="text-sm text-muted-foreground" id="remote-support-text">
            {t('profile.remote-support-text')}
          </p>
          {on && (
            <p role="status" className="mt-2 text-sm font-medium text-primary">
              {t('profile.remote-support-on')}
            </p>
          )}
        </div>
        <Switch
          checked={on}
          aria-labelledby="remote-support-title"
          aria-describedby="remote-support-text"
          onCheckedChange={(next) => {
            setOn(next);
            setRemoteSupport(next, scriptUrl);
          }}
        />
      </div>
    </Card>
  );
}
