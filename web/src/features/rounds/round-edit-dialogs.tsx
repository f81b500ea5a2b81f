import './strings.ts';
import { Rounds } from '@roundwise/core';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../components/form';
import { CoordinatesField } from '../../components/location/location-field';
import type { LngLat } from '../../components/location/map-picker';
import { Button } from '../../components/ui/button';
import {
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Textarea } from '../../components/ui/textarea';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { useProblem } from '../../lib/use-problem';
import { ColourSwatches } from './colour-swatches';
import type { RoundRow } from './job-list';

type Changes = {
  description?: string;
  color?: string;
  location?: Rounds.Round['location'];
  servicedPostcodes?: string[];
};

function useUpdate() {
  const { t } = useTranslation();
  const update = useCommand(Rounds.update);
  return (id: string, changes: Changes) =>
    update.mutate({ _id: id, changes }, { onError: (e) => toast.error(errorText(t, e)) });
}

function Frame({
  title,
  description,
  onSubmit,
  children,
  submitLabel,
}: {
  title: string;
  description: string;
  onSubmit: () => void;
  children: React.ReactNode;
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <DialogContent>
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button type="submit">{submitLabel ?? t('general.save')}</Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

export function ColourDialog({ round, onDone }: { round: Rounds.Round; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdate();
  const [color, setColor] = useState(round.color);
  return (
    <Frame
      title={t('rounds.set-colour')}
      description={t('rounds.set-colour-description')}
      onSubmit={() => {
        update(round._id, { color });
        onDone();
      }}
    >
      <ColourSwatches value={color} onChange={setColor} />
    </Frame>
  );
}

/**
 * The round's location: an address and its coordinates (verified when given). There is no
 * geocoder offline, so the coordinates are typed in or taken from the middle of the round's jobs.
 */
export function LocationDialog({
  round,
  rows,
  onDone,
}: {
  round: Rounds.Round;
  rows: RoundRow[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdate();
  const [address, setAddress] = useState(round.location?.addressDescription ?? '');
  const [lngLat, setLngLat] = useState<LngLat | undefined>(round.location?.lngLat as LngLat | undefined);
  const [coordinatesValid, setCoordinatesValid] = useState(true);
  const located = rows.flatMap((r) =>
    r.job.location?.isVerified && r.job.location.lngLat ? [r.job.location.lngLat] : [],
  );
  const takeMiddle = () => {
    const n = located.length;
    const mean = (i: 0 | 1) => Number((located.reduce((s, p) => s + p[i], 0) / n).toFixed(6));
    setLngLat([mean(0), mean(1)]);
  };
  return (
    <Frame
      title={t('rounds.set-location')}
      description={t('rounds.set-location-description')}
      onSubmit={() => {
        // The coordinates field shows what is wrong; saving now would keep the previous position.
        if (!coordinatesValid) return;
        update(round._id, {
          location: {
            addressDescription: address.trim(),
            isVerified: lngLat !== undefined,
            ...(lngLat ? { lngLat } : {}),
          },
        });
        toast.success(t('jobgroup.set-group-location-success'));
        onDone();
      }}
    >
      <Field label={t('rounds.location-address')}>
        <input
          className={inputClass}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          maxLength={500}
        />
      </Field>
      <CoordinatesField value={lngLat} onChange={setLngLat} onValidity={setCoordinatesValid} />
      {located.length > 0 && (
        <Button type="button" variant="outline" onClick={takeMiddle}>
          {t('rounds.use-middle-of-jobs')}
        </Button>
      )}
    </Frame>
  );
}

/** Rename; a name another round has merges that round into this one (spec 000 section 5). */
export function RenameDialog({ round, onDone }: { round: Rounds.Round; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdate();
  const rounds = useEntityList<Rounds.Round>('round');
  const [name, setName] = useState(round.description);
  const [error, setError] = useProblem();
  const merging = rounds.filter(
    (r) => r._id !== round._id && name.trim() && Rounds.sameRoundName(r.description, name),
  );
  return (
    <Frame
      title={t('rounds.rename')}
      description={t('rounds.rename-description')}
      submitLabel={merging.length ? t('rounds.rename-and-merge') : t('rounds.rename')}
      onSubmit={() => {
        if (!name.trim()) return setError('rounds.enter-round');
        update(round._id, { description: name });
        onDone();
      }}
    >
      <Field label={t('rounds.name')} error={error}>
        <input
          className={inputClass}
          value={name}
          maxLength={100}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
        />
      </Field>
      {merging.length > 0 && (
        <p
          role="alert"
          className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('rounds.rename-merge-warning', { name: merging[0]?.description })}
        </p>
      )}
    </Frame>
  );
}

/** Serviced postcodes: one per line, trimmed (spec 000 section 5). */
export function PostcodesDialog({ round, onDone }: { round: Rounds.Round; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdate();
  const [text, setText] = useState(round.servicedPostcodes.join('\n'));
  return (
    <Frame
      title={t('rounds.postcodes')}
      description={t('rounds.postcodes-description')}
      onSubmit={() => {
        update(round._id, { servicedPostcodes: Rounds.parsePostcodes(text) });
        onDone();
      }}
    >
      <Textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={8}
        aria-label={t('rounds.postcodes')}
        className="font-mono"
      />
    </Frame>
  );
}

/**
 * Transfer round (spec 000 section 2.5): a dialog given the round's `customerId:jobId` pairs. The
 * transfer itself is the marketplace's direct transfer (spec 002, an advert with isRoundTransfer);
 * this hands the pairs over to it.
 */
export function TransferDialog({
  rows,
  pairs,
  onDone,
}: {
  rows: RoundRow[];
  pairs: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Frame
      title={t('rounds.transfer-round')}
      description={t('rounds.transfer-description', { count: rows.length })}
      submitLabel={t('rounds.transfer-continue')}
      onSubmit={() => {
        onDone();
        void navigate({
          href: `/marketplace/sell-jobs?jobIds=${pairs}&is-round-transfer=true&direct-transfer=true`,
        });
      }}
    >
      <ul className="max-h-60 overflow-y-auto rounded-md border text-sm" aria-label={t('rounds.jobs')}>
        {rows.map((r) => (
          <li key={r.job._id} className="border-b px-3 py-1.5 last:border-b-0">
            {r.customer?.name ?? r.job.customerId}
            <span className="ml-2 text-xs text-muted-foreground">{r.job.location?.addressDescription}</span>
          </li>
        ))}
      </ul>
    </Frame>
  );
}
