/** @jsxImportSource preact */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { answerOf, newAttemptKey, type PortalCall, portalCall, type RouteAnswer } from '../api.ts';
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { errorText, text } from '../text.ts';

type Answers = Record<string, Record<string, string | number | boolean>>;

/** A service the business offers and its questions (set on `services-advanced/{id}`), as the server lists them. */
type QuoteService = RouteAnswer<PortalCall['api']['quote-flow']['$get']>['services'][number];
type QuoteQuestion = QuoteService['questions'][number];
type Contact = { name: string; email: string; telephone: string; line1: string; postcode: string };

const UTM = ['utm_id', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** The UTM parameters of the page the widget is on (the business's landing page). */
function utmOfPage(): Record<string, string> {
  const params = new URLSearchParams(location.search);
  return Object.fromEntries(
    UTM.flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value.slice(0, 200)]] : [];
    }),
  );
}

/**
 * A new customer asks for a quote: the services they want with each one's questions, then where
 * and who they are. The lead lands in the business's customers with its source and the page's UTM
 * parameters. One attempt key per filled form, so a retried send is one lead.
 */
function QuoteFlow({ portal }: WidgetProps) {
  const t = portal.data?.text;
  const [services, setServices] = useState<QuoteService[]>();
  const [step, setStep] = useState<'services' | 'contact' | 'done'>('services');
  const [chosen, setChosen] = useState<string[]>([]);
  const [answers, setAnswers] = useState<Answers>({});
  const [contact, setContact] = useState<Contact>({
    name: '',
    email: '',
    telephone: '',
    line1: '',
    postcode: '',
  });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const attempt = useMemo(newAttemptKey, []);

  // The services the business offers, with their questions: read when the widget is shown.
  useEffect(() => {
    const { api, param } = portalCall(portal);
    void answerOf(api['quote-flow'].$get({ param })).then((answer) =>
      setServices(answer.ok ? answer.data.services : []),
    );
  }, [portal]);

  if (!services) {
    return (
      <section aria-busy="true">
        <h2>{text(t, 'portal.quote-flow.title')}</h2>
      </section>
    );
  }
  if (services.length === 0) {
    return (
      <section>
        <h2>{text(t, 'portal.quote-flow.title')}</h2>
        <p class="muted">{text(t, 'portal.quote-flow.no-services')}</p>
      </section>
    );
  }
  if (step === 'done') {
    return (
      <section>
        <h2>{text(t, 'portal.quote-flow.title')}</h2>
        <p role="status">{text(t, 'portal.quote-flow.done', { name: contact.name.trim() })}</p>
      </section>
    );
  }

  const toggle = (id: string) =>
    setChosen((now) => (now.includes(id) ? now.filter((c) => c !== id) : [...now, id]));
  const answer = (serviceId: string, questionId: string, value: string | number | boolean) =>
    setAnswers((now) => ({ ...now, [serviceId]: { ...now[serviceId], [questionId]: value } }));
  const field = (name: keyof Contact) => ({
    value: contact[name],
    onInput: (e: Event) => setContact((now) => ({ ...now, [name]: (e.target as HTMLInputElement).value })),
  });

  const next = (event: Event) => {
    event.preventDefault();
    if (chosen.length === 0) return setError(text(t, 'portal.choose-a-service'));
    setError(undefined);
    setStep('contact');
  };

  const send = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    const { api, param, headers } = portalCall(portal, attempt);
    const lead = {
      services: chosen.map((serviceId) => ({ serviceId, answers: answers[serviceId] ?? {} })),
      contact: {
        name: contact.name.trim(),
        email: contact.email.trim(),
        telephone: contact.telephone.trim(),
      },
      address: { line1: contact.line1.trim(), postcode: contact.postcode.trim().toUpperCase() },
      source: 'portal',
      utmParams: utmOfPage(),
    };
    const result = await answerOf(api.leads.$post({ param, json: lead }, { headers }));
    setBusy(false);
    if (!result.ok) return setError(errorText(t, result.code));
    setStep('done');
    portal.emit('quote-requested', { widget: 'quote-flow' });
  };

  if (step === 'services') {
    return (
      <form onSubmit={next}>
        <h2>{text(t, 'portal.quote-flow.title')}</h2>
        {services.map((service) => (
          <fieldset key={service.id}>
            <label class="check">
              <input
                type="checkbox"
                checked={chosen.includes(service.id)}
                onChange={() => toggle(service.id)}
              />
              {service.name}
            </label>
            {service.description && <p class="muted">{service.description}</p>}
            {chosen.includes(service.id) &&
              service.questions.map((question) => (
                <Question
                  key={question.id}
                  service={service}
                  question={question}
                  value={answers[service.id]?.[question.id]}
                  onAnswer={(value) => answer(service.id, question.id, value)}
                />
              ))}
          </fieldset>
        ))}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit">{text(t, 'portal.quote-flow.next')}</button>
      </form>
    );
  }

  return (
    <form onSubmit={send}>
      <h2>{text(t, 'portal.quote-flow.title')}</h2>
      <label for="rw-q-name">{text(t, 'portal.quote-flow.name')}</label>
      <input id="rw-q-name" required autoComplete="name" {...field('name')} />
      <label for="rw-q-email">{text(t, 'portal.quote-flow.email')}</label>
      <input id="rw-q-email" type="email" autoComplete="email" {...field('email')} />
      <label for="rw-q-tel">{text(t, 'portal.quote-flow.telephone')}</label>
      <input id="rw-q-tel" type="tel" autoComplete="tel" {...field('telephone')} />
      <label for="rw-q-line1">{text(t, 'portal.quote-flow.address')}</label>
      <input id="rw-q-line1" required autoComplete="address-line1" {...field('line1')} />
      <label for="rw-q-postcode">{text(t, 'portal.quote-flow.postcode')}</label>
      <input id="rw-q-postcode" required autoComplete="postal-code" {...field('postcode')} />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="row">
        <button type="submit" disabled={busy}>
          {text(t, 'portal.quote-flow.send')}
        </button>
        <button type="button" class="secondary" onClick={() => setStep('services')}>
          {text(t, 'portal.quote-flow.back')}
        </button>
      </div>
    </form>
  );
}

function Question(props: {
  service: QuoteService;
  question: QuoteQuestion;
  value: string | number | boolean | undefined;
  onAnswer: (value: string | number | boolean) => void;
}) {
  const { service, question, value, onAnswer } = props;
  const id = `rw-q-${service.id}-${question.id}`;
  if (question.type === 'yes-no') {
    return (
      <label class="check">
        <input type="checkbox" checked={value === true} onChange={(e) => onAnswer(e.currentTarget.checked)} />
        {question.label}
      </label>
    );
  }
  return (
    <>
      <label for={id}>{question.label}</label>
      {question.type === 'choice' ? (
        <select
          id={id}
          required={question.required}
          value={String(value ?? '')}
          onChange={(e) => onAnswer(e.currentTarget.value)}
        >
          <option value="" />
          {question.options.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          required={question.required}
          type="text"
          inputMode={question.type === 'number' ? 'numeric' : 'text'}
          value={value === undefined ? '' : String(value)}
          onInput={(e) => {
            const raw = e.currentTarget.value;
            onAnswer(question.type === 'number' && raw !== '' ? Number(raw) : raw);
          }}
        />
      )}
    </>
  );
}

export default defineWidget(
  QuoteFlow,
  '.rw fieldset{border:0;border-top:1px solid var(--rw-divider,#e5e7eb);margin:0;padding:12px 0}.rw label.check{display:flex;gap:8px;align-items:center;font-size:16px;line-height:24px;min-height:44px;margin:0}.rw label.check input{width:20px;height:20px;margin:0;flex:none}',
);
