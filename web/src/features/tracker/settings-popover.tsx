import './strings.ts';
import { Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../components/form';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import { settingsErrors, type TrackerSettings } from './settings';

/** The settings popover: what the grid shows and the day's hours, kept on this device. */
export function SettingsPopover({
  settings,
  onSave,
}: {
  settings: TrackerSettings;
  onSave: (s: TrackerSettings) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(settings);
  const errors = settingsErrors(draft);
  const check = (key: 'showAllWorkers' | 'showUnboundEvents' | 'showUnrecordedJobs') => (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child
    <label className="flex items-center gap-2 text-sm">
      <Checkbox checked={draft[key]} onCheckedChange={(v) => setDraft({ ...draft, [key]: v === true })} />
      {t(`tracker.setting-${key}`)}
    </label>
  );
  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) setDraft(settings);
      }}
    >
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" className="h-9">
          <Settings2 aria-hidden />
          {t('tracker.settings')}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="grid w-80 gap-3" aria-label={t('tracker.settings')}>
        {check('showAllWorkers')}
        {check('showUnboundEvents')}
        {check('showUnrecordedJobs')}
        <div className="grid grid-cols-2 gap-2">
          <Field label={t('tracker.day-start')} error={errors.defaultDayStart && t(errors.defaultDayStart)}>
            <input
              type="time"
              step={300}
              className={inputClass}
              value={draft.defaultDayStart}
              onChange={(e) => setDraft({ ...draft, defaultDayStart: e.target.value })}
            />
          </Field>
          <Field label={t('tracker.day-end')} error={errors.defaultDayEnd && t(errors.defaultDayEnd)}>
            <input
              type="time"
              step={300}
              className={inputClass}
              value={draft.defaultDayEnd}
              onChange={(e) => setDraft({ ...draft, defaultDayEnd: e.target.value })}
            />
          </Field>
        </div>
        <Field
          label={t('tracker.threshold')}
          error={errors.unrecordedTimeThreshold && t(errors.unrecordedTimeThreshold)}
        >
          <input
            type="number"
            min={0}
            step={0.5}
            placeholder="2"
            className={inputClass}
            value={Number.isNaN(draft.unrecordedTimeThreshold) ? '' : draft.unrecordedTimeThreshold}
            onChange={(e) => setDraft({ ...draft, unrecordedTimeThreshold: e.target.valueAsNumber })}
          />
        </Field>
        <Button
          disabled={Object.keys(errors).length > 0}
          onClick={() => {
            onSave(draft);
            setOpen(false);
          }}
        >
          {t('tracker.save-settings')}
        </Button>
      </PopoverContent>
    </Popover>
  );
}
