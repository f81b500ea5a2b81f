import './strings.ts';
import { Tracker } from '@roundwise/core';
import { useCallback, useState } from 'react';

/** Spec 002 section 3: the tracker's settings, kept on the device (local storage). */
export interface TrackerSettings {
  showAllWorkers: boolean;
  showUnboundEvents: boolean;
  showUnrecordedJobs: boolean;
  /** "HH:MM". */
  defaultDayStart: string;
  defaultDayEnd: string;
  /** Hours: a gap between entries longer than this is warned of. */
  unrecordedTimeThreshold: number;
}

const KEY = 'roundwise.tracker-settings';
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const DEFAULT_SETTINGS: TrackerSettings = {
  showAllWorkers: false,
  showUnboundEvents: true,
  showUnrecordedJobs: true,
  defaultDayStart: hhmm(Tracker.DEFAULT_DAY_START),
  defaultDayEnd: hhmm(Tracker.DEFAULT_DAY_END),
  unrecordedTimeThreshold: 2,
};

/** Spec 002 section 5: start and end required, start before end, threshold at least 0 (message keys). */
export function settingsErrors(s: TrackerSettings): Partial<Record<keyof TrackerSettings, string>> {
  const start = Tracker.minutesOfTime(s.defaultDayStart);
  const end = Tracker.minutesOfTime(s.defaultDayEnd);
  return {
    ...(start === undefined ? { defaultDayStart: 'tracker.start-time-required' } : {}),
    ...(end === undefined ? { defaultDayEnd: 'tracker.end-time-required' } : {}),
    ...(start !== undefined && end !== undefined && start >= end
      ? { defaultDayEnd: 'tracker.start-before-end' }
      : {}),
    ...(!Number.isFinite(s.unrecordedTimeThreshold) || s.unrecordedTimeThreshold < 0
      ? { unrecordedTimeThreshold: 'tracker.threshold-not-negative' }
      : {}),
  };
}

function read(): TrackerSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<TrackerSettings>;
    const merged = { ...DEFAULT_SETTINGS, ...stored };
    return Object.keys(settingsErrors(merged)).length ? DEFAULT_SETTINGS : merged;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** The device's tracker settings; `save` keeps only valid ones. */
export function useTrackerSettings() {
  const [settings, setSettings] = useState(read);
  const save = useCallback((next: TrackerSettings) => {
    if (Object.keys(settingsErrors(next)).length) return;
    localStorage.setItem(KEY, JSON.stringify(next));
    setSettings(next);
  }, []);
  return [settings, save] as const;
}
