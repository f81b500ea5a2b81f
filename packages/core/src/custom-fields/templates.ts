import type { ItemInput, Target } from './schema.ts';
import { NotesRequired } from './schema.ts';

/** A standard template (spec 001 section 3: four, their content example data of ours). */
export interface StandardTemplate {
  key: string;
  title: string;
  description: string;
  target: Target;
  items: ItemInput[];
}

const check = (title: string, over: Partial<ItemInput> = {}): ItemInput => ({
  title,
  type: 'boolean',
  skippable: true,
  notesRequired: NotesRequired.WhenSkippedOrFalsy,
  ...over,
});

const options = (...labels: string[]) =>
  labels.map((label) => ({ id: label.toLowerCase().replace(/[^a-z0-9]+/g, '-'), label }));

export const STANDARD_TEMPLATES: readonly StandardTemplate[] = [
  {
    key: 'van-checklist',
    title: 'Van checklist',
    description: 'A walk round the van before the day starts.',
    target: 'any',
    items: [
      check('Tyres inflated and free of damage'),
      check('Tyre tread above the legal limit'),
      check('Lights and indicators working'),
      check('Brake lights working'),
      check('Windscreen clean and free of cracks'),
      check('Wipers and washer fluid working'),
      check('Mirrors clean and adjusted'),
      check('Oil level checked'),
      check('Coolant level checked'),
      check('Horn working'),
      check('Seat belts working'),
      check('Ladders secured'),
      check('Water tank secured and not leaking'),
      check('First aid kit in the van'),
      { title: 'Mileage', type: 'number', settings: { suffix: ' miles' } },
    ],
  },
  {
    key: 'internal-van-checklist',
    title: 'Internal van checklist',
    description: 'Inside the van: tidy, stocked and safe.',
    target: 'any',
    items: [
      check('Cab clean and tidy'),
      check('Equipment stowed and secured'),
      check('Cleaning products labelled'),
      check('Spill kit stocked'),
      check('Fire extinguisher in date'),
    ],
  },
  {
    key: 'user-health-screening',
    title: 'User health screening',
    description: 'Questions for staff before work at height or with water-fed poles.',
    target: 'accountuser',
    items: [
      check('Fit to work today', { skippable: false }),
      check('No dizziness or fainting in the last month'),
      check('No heart condition'),
      check('No epilepsy or seizures'),
      check('No diabetes needing insulin'),
      check('No high blood pressure'),
      check('No back problems'),
      check('No joint or muscle problems'),
      check('Good eyesight (with glasses if worn)'),
      check('Good hearing'),
      check('Not taking medication that causes drowsiness'),
      check('No fear of heights'),
      check('No skin condition affected by cleaning products'),
      check('Had manual handling training'),
      { title: 'Anything else we should know', type: 'text', skippable: true },
    ],
  },
  {
    key: 'risk-assessment',
    title: 'Risk assessment',
    description: 'A check of the site before the work starts.',
    target: 'job-occurrence-completion',
    items: [
      {
        title: 'Risk level',
        type: 'select',
        notesRequired: NotesRequired.Always,
        settings: { selectOptions: options('Safe', 'Low', 'Medium', 'High', 'Dangerous') },
      },
      check('Access to the property is safe'),
      check('Ground is level and firm for ladders'),
      check('No overhead power lines near the work'),
      check('No pets or children in the work area'),
      check('Weather is safe for the work'),
      {
        title: 'Photo of the site',
        type: 'attachment',
        skippable: true,
        notesRequired: NotesRequired.WhenSkipped,
      },
      { title: 'Signature', type: 'signature' },
    ],
  },
];
