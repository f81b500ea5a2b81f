import { validation } from '../errors.ts';
import type { FrequencyType } from '../jobs/schema.ts';
import { frequencyKey, type QuoteQuestion, type Service } from './schema.ts';

type Frequency = { frequencyType: FrequencyType; frequencyInterval: number };

/** The service's price and duration at a frequency: its row in the price list, else its defaults. */
export function offerFor(service: Service, frequency: Frequency): { price: number; duration: number } {
  // Services saved before prices by frequency existed have no list.
  const row = (service.frequencyPrices ?? []).find((p) => frequencyKey(p) === frequencyKey(frequency));
  return { price: row?.price ?? service.defaultPrice, duration: row?.duration ?? service.defaultDuration };
}

export type Answer = string | number | boolean;

/**
 * A customer's answers to a service's quote questions, checked against them: a required question
 * needs an answer, each answer its question's kind (a number, yes or no, one of the choices);
 * answers to questions the service does not ask are dropped. Refusals name the question.
 */
export function checkAnswers(
  service: Service,
  given: Record<string, Answer | undefined>,
): Record<string, Answer> {
  const out: Record<string, Answer> = {};
  for (const q of service.quoteQuestions ?? []) {
    const raw = given[q.id];
    const blank = raw === undefined || (typeof raw === 'string' && raw.trim() === '');
    if (blank) {
      if (q.required) throw validation('services.answer-required', { question: q.label });
      continue;
    }
    out[q.id] = answerOf(q, raw);
  }
  return out;
}

function answerOf(q: QuoteQuestion, raw: Answer): Answer {
  const refuse = () => validation('services.answer-invalid', { question: q.label });
  switch (q.type) {
    case 'number': {
      const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
      if (!Number.isFinite(n) || n < 0 || n > 1_000_000) throw refuse();
      return n;
    }
    case 'yes-no':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'yes' || raw === 'no') return raw === 'yes';
      throw refuse();
    case 'choice': {
      const pick = q.options.find((o) => o.toLowerCase() === String(raw).trim().toLowerCase());
      if (!pick) throw refuse();
      return pick;
    }
    default: {
      const text = String(raw).trim();
      if (text.length > 2000) throw refuse();
      return text;
    }
  }
}
