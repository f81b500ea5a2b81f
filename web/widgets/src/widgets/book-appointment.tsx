/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import { answerOf, newAttemptKey, type PortalCall, portalCall, type RouteAnswer } from '../api.ts';
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { errorText, text } from '../text.ts';
import { useSession } from '../use-session.ts';

type Offer = RouteAnswer<PortalCall['api']['me']['availability']['$get']>;

const ONE_OFF = 'OneOff:1';
const OTHER_DAYS_SHOWN = 14;
const keyOf = (f: { frequencyType: string; frequencyInterval: number }) =>
  f.frequencyType === 'OneOff' ? ONE_OFF : `${f.frequencyType}:${f.frequencyInterval}`;

/** A date as the customer reads it, in their language, with no time zone shift (a calendar day). */
const dayText = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

/**
 * The signed-in customer books: what (services, and how often), then a day, the days the
 * business's round already comes to their street first. The booking waits for the business to
 * confirm it. One attempt key per choice made, so a retried send books once.
 */
function BookAppointment({ portal }: WidgetProps) {
  const t = portal.data?.text;
  const session = useSession(portal);
  const [offer, setOffer] = useState<Offer>();
  const [error, setError] = useState<string>();
  const [chosen, setChosen] = useState<string[]>([]);
  const [frequency, setFrequency] = useState(ONE_OFF);
  const [day, setDay] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [booked, setBooked] = useState<string>();
  const [allDays, setAllDays] = useState(false);
  // A new attempt whenever what is being booked changes; the same one for a retry.
  const [attempt, setAttempt] = useState(newAttemptKey);
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setAttempt(newAttemptKey());
    };

  useEffect(() => {
    setOffer(undefined);
    setBooked(undefined);
    if (!session) return;
    const { api, param, headers } = portalCall(portal);
    void answerOf(api.me.availability.$get({ param }, { headers })).then((answer) => {
      if (answer.ok) setOffer(answer.data);
      else setError(errorText(t, answer.code));
    });
  }, [session, portal, t]);

  if (!session) {
    return (
      <section>
        <h2>{text(t, 'portal.book.title')}</h2>
        <p class="muted">{text(t, 'portal.book.sign-in-first')}</p>
      </section>
    );
  }
  if (booked) {
    return (
      <section>
        <h2>{text(t, 'portal.book.title')}</h2>
        <p role="status">{text(t, 'portal.book.done', { date: dayText(booked) })}</p>
      </section>
    );
  }
  if (!offer) {
    return (
      <section aria-busy="true">
        <h2>{text(t, 'portal.book.title')}</h2>
        {error ? (
          <p class="error" role="alert">
            {error}
          </p>
        ) : (
          <p class="muted">{text(t, 'portal.book.loading')}</p>
        )}
      </section>
    );
  }
  if (offer.days.length === 0 || offer.services.length === 0) {
    return (
      <section>
        <h2>{text(t, 'portal.book.title')}</h2>
        <p class="muted">{text(t, 'portal.book.none')}</p>
      </section>
    );
  }

  // The frequencies every chosen service has a price for, and one-off.
  const picked = offer.services.filter((s) => chosen.includes(s.id));
  const frequencies = [
    ...new Map(picked.flatMap((s) => s.frequencies).map((f) => [keyOf(f), f] as const)).values(),
  ].filter((f) => keyOf(f) !== ONE_OFF);

  // The round's days, then the next fortnight of others; the rest on request.
  let others = 0;
  const shownDays = offer.days.filter((d) => d.onRound || allDays || others++ < OTHER_DAYS_SHOWN);
  const toggle = change((id: string) =>
    setChosen((now) => (now.includes(id) ? now.filter((c) => c !== id) : [...now, id])),
  );
  const pickFrequency = change(setFrequency);
  const pickDay = change(setDay);

  const book = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    if (chosen.length === 0) return setError(text(t, 'portal.choose-a-service'));
    if (!day) return setError(text(t, 'portal.book.choose-day'));
    setBusy(true);
    setError(undefined);
    // One-off unless a frequency the chosen services are priced for is picked.
    const how = frequencies.find((f) => keyOf(f) === frequency);
    const { api, param, headers } = portalCall(portal, attempt);
    const booking = {
      date: day,
      services: chosen,
      ...(how && { frequencyType: how.frequencyType, frequencyInterval: how.frequencyInterval }),
    };
    const answer = await answerOf(api.me.bookings.$post({ param, json: booking }, { headers }));
    setBusy(false);
    if (!answer.ok) return setError(errorText(t, answer.code));
    setBooked(answer.data.booking.date);
    portal.emit('booked', { widget: 'book-appointment' });
  };

  return (
    <form onSubmit={book}>
      <h2>{text(t, 'portal.book.title')}</h2>
      <fieldset>
        <legend>{text(t, 'portal.book.what')}</legend>
        {offer.services.map((s) => (
          <label class="check" key={s.id}>
            <input type="checkbox" checked={chosen.includes(s.id)} onChange={() => toggle(s.id)} />
            {s.name}
          </label>
        ))}
      </fieldset>
      <label for="rw-book-frequency">{text(t, 'portal.book.how-often')}</label>
      <select
        id="rw-book-frequency"
        value={frequency}
        onChange={(e) => pickFrequency((e.target as HTMLSelectElement).value)}
      >
        <option value={ONE_OFF}>{text(t, 'portal.book.one-off')}</option>
        {frequencies.map((f) => (
          <option key={keyOf(f)} value={keyOf(f)}>
            {text(t, f.frequencyType === 'Weeks' ? 'portal.book.every-weeks' : 'portal.book.every-months', {
              count: f.frequencyInterval,
            })}
          </option>
        ))}
      </select>
      <fieldset>
        <legend>{text(t, 'portal.book.when')}</legend>
        <div class="days">
          {shownDays.map((d) => (
            <label class={`day${d.onRound ? ' on-round' : ''}`} key={d.date}>
              <input
                type="radio"
                name="rw-book-day"
                value={d.date}
                checked={day === d.date}
                onChange={() => pickDay(d.date)}
              />
              <span>
                {dayText(d.date)}
                {d.onRound && <span class="muted"> · {text(t, 'portal.book.on-round')}</span>}
              </span>
            </label>
          ))}
        </div>
        {shownDays.length < offer.days.length && (
          <button type="button" class="secondary" onClick={() => setAllDays(true)}>
            {text(t, 'portal.book.more-days')}
          </button>
        )}
      </fieldset>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {text(t, 'portal.book.submit')}
      </button>
    </form>
  );
}

export default defineWidget(
  BookAppointment,
  '.rw fieldset{border:0;padding:0;margin:0 0 12px}.rw legend{font-size:14px;line-height:20px;font-weight:500;margin:0 0 4px;padding:0}.rw .check,.rw .day{display:flex;gap:8px;align-items:center;font-weight:400;font-size:16px;line-height:24px;margin:0 0 4px}.rw .check input,.rw .day input{width:auto;margin:0}.rw .days{max-height:none}.rw .day.on-round{font-weight:600}',
);
