import { z } from 'zod';
import { Id, Price } from '../entity.ts';
import { FrequencyType } from '../jobs/schema.ts';
import { RequiredText, TextList } from '../text.ts';

/** Minutes a visit takes: 1 minute to a day. */
export const Duration = z
  .number()
  .int()
  .min(1)
  .max(24 * 60);

/** How a customer answers a quote question: free text, a number, yes or no, or one of the options. */
export const QuestionType = z.enum(['text', 'number', 'yes-no', 'choice']);
export type QuestionType = z.infer<typeof QuestionType>;

/**
 * A question the quote flow asks about this service (how many windows, is there a conservatory):
 * set on `services-advanced/{id}`, answered by a new customer asking for a quote. Its `id` stays
 * when the label changes, so answers already given keep their question.
 */
export const QuoteQuestion = z.object({
  id: Id,
  label: RequiredText('services.question-label-required', 200),
  type: QuestionType.default('text'),
  /** The choices of a `choice` question. */
  options: TextList(100, 20).default([]),
  required: z.boolean().default(false),
});
export type QuoteQuestion = z.infer<typeof QuoteQuestion>;

export const QuoteQuestions = z
  .array(QuoteQuestion)
  .max(20)
  .superRefine((questions, ctx) => {
    const ids = new Set<string>();
    questions.forEach((q, i) => {
      if (q.type === 'choice' && q.options.length === 0)
        ctx.addIssue({ code: 'custom', message: 'services.question-options-required', path: [i, 'options'] });
      if (ids.has(q.id))
        ctx.addIssue({ code: 'custom', message: 'general.validation-failed', path: [i, 'id'] });
      ids.add(q.id);
    });
  });

/**
 * The price (and, when it differs, the duration) of the service at one frequency: every 4 weeks
 * costs less a visit than every 8, a one-off more. A frequency not listed uses the defaults.
 */
export const FrequencyPrice = z.object({
  frequencyType: FrequencyType,
  /** Weeks or months between visits; 1 for a one-off. */
  frequencyInterval: z.number().int().min(1).max(104).default(1),
  price: Price,
  duration: Duration.optional(),
});
export type FrequencyPrice = z.infer<typeof FrequencyPrice>;

export const FrequencyPrices = z
  .array(FrequencyPrice)
  .max(12)
  .superRefine((prices, ctx) => {
    const seen = new Set<string>();
    prices.forEach((p, i) => {
      const key = frequencyKey(p);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'services.frequency-duplicate', path: [i] });
      seen.add(key);
    });
  });

/** One name per frequency: a one-off is one whatever its interval. */
export const frequencyKey = (f: { frequencyType: FrequencyType; frequencyInterval: number }) =>
  f.frequencyType === 'OneOff' ? 'OneOff' : `${f.frequencyType}:${f.frequencyInterval}`;

export const ServiceFields = z.object({
  name: RequiredText('services.enter-name', 100),
  description: z.string().max(2000).default(''),
  defaultPrice: Price.default(0),
  /** Minutes. */
  defaultDuration: Duration.default(30),
  quoteQuestions: QuoteQuestions.default([]),
  frequencyPrices: FrequencyPrices.default([]),
});
export const Service = ServiceFields.extend({ _id: Id });
export type Service = z.infer<typeof Service>;

/** What `services-advanced/{id}` edits: the quote flow's questions, prices by frequency, duration. */
export const AdvancedFields = ServiceFields.pick({
  defaultDuration: true,
  quoteQuestions: true,
  frequencyPrices: true,
});
