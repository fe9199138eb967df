import type { SystemsReviewCategory } from '../enums.js';

/**
 * The systems review questionnaire (spec 002 §3 "Systems review categories", §4 "Systems review
 * entry"): the 15 categories in the spec's order, each with the conditions a sedation provider
 * asks about, and each condition with its follow-up questions (choices, free text, dates, long
 * text). A 'Yes' to a category adds an entry: the condition, its answers and whether it is still
 * being edited. Pure data: the editor's Systems tab and the report read the same catalogue.
 */

/** A follow-up question of a condition. */
export type SystemsReviewQuestion =
  | { readonly id: string; readonly kind: 'choice'; readonly label: string; readonly options: readonly string[] }
  | { readonly id: string; readonly kind: 'text'; readonly label: string }
  | { readonly id: string; readonly kind: 'date'; readonly label: string }
  | { readonly id: string; readonly kind: 'longText'; readonly label: string };

export interface SystemsReviewCondition {
  readonly id: string;
  readonly label: string;
  readonly questions: readonly SystemsReviewQuestion[];
}

export interface SystemsReviewCategoryDef {
  readonly id: SystemsReviewCategory;
  readonly label: string;
  readonly conditions: readonly SystemsReviewCondition[];
}

/** One answered condition of a category (an item of `systemsReview[category].entries`). */
export interface SystemsReviewEntry {
  readonly id: string;
  /** A condition id of the category, or 'other' (described in the long text). */
  readonly condition: string;
  /** Answers by question id: a choice, free text, a YYYY-MM-DD date or long text. */
  readonly answers: Readonly<Record<string, string>>;
  /** True while the entry is being edited; false once saved (spec 002 §4). */
  readonly editing: boolean;
}

const YES_NO = ['Yes', 'No'] as const;
const CONTROL = ['Well controlled', 'Poorly controlled', 'Not treated'] as const;

const q = {
  choice: (id: string, label: string, options: readonly string[]): SystemsReviewQuestion => ({
    id,
    kind: 'choice',
    label,
    options,
  }),
  text: (id: string, label: string): SystemsReviewQuestion => ({ id, kind: 'text', label }),
  date: (id: string, label: string): SystemsReviewQuestion => ({ id, kind: 'date', label }),
  long: (id: string, label: string): SystemsReviewQuestion => ({ id, kind: 'longText', label }),
};

/** The questions asked of almost every condition. */
const treated = q.text('treatment', 'Treatment / medications');
const notes = q.long('notes', 'Notes');
const diagnosed = q.date('diagnosed', 'Date diagnosed');
const control = q.choice('control', 'Control', CONTROL);

const c = (id: string, label: string, ...questions: SystemsReviewQuestion[]): SystemsReviewCondition => ({
  id,
  label,
  questions: [...questions, notes],
});

/** The condition every category offers last: anything else, described in long text ('Other'). */
export const OTHER_CONDITION: SystemsReviewCondition = {
  id: 'other',
  label: 'Other',
  questions: [q.long('description', 'Other (describe)')],
};

/** [SR1] The catalogue, categories in the order of spec 002 §3. */
export const SYSTEMS_REVIEW_CATALOGUE: readonly SystemsReviewCategoryDef[] = [
  {
    id: 'cns',
    label: 'Neurological (CNS)',
    conditions: [
      c('seizures', 'Seizures / epilepsy', q.date('lastSeizure', 'Last seizure'), treated, control),
      c('stroke', 'Stroke / TIA', q.date('when', 'When'), q.text('deficits', 'Residual deficits')),
      c('headaches', 'Migraines / headaches', treated),
      c('syncope', 'Fainting / syncope', q.date('lastEpisode', 'Last episode')),
      c('neuropathy', 'Neuropathy / numbness', q.text('where', 'Where')),
      c('headInjury', 'Head injury / concussion', q.date('when', 'When')),
      c('ms', 'Multiple sclerosis / Parkinson’s / other neurological disease', q.text('which', 'Which'), treated),
    ],
  },
  {
    id: 'muscular',
    label: 'Musculoskeletal',
    conditions: [
      c('arthritis', 'Arthritis', q.choice('type', 'Type', ['Osteoarthritis', 'Rheumatoid', 'Other']), treated),
      c('neckMobility', 'Limited neck or jaw mobility', q.choice('tmj', 'TMJ problems', YES_NO)),
      c('muscleDisease', 'Muscular dystrophy / myopathy / myasthenia gravis', q.text('which', 'Which'), treated),
      c('backProblems', 'Back problems', q.text('detail', 'Detail')),
      c('jointReplacement', 'Joint replacement', q.text('joint', 'Joint'), q.date('when', 'When')),
    ],
  },
  {
    id: 'hepatic',
    label: 'Hepatic',
    conditions: [
      c('hepatitis', 'Hepatitis', q.choice('type', 'Type', ['A', 'B', 'C', 'Autoimmune', 'Unknown']), diagnosed),
      c('cirrhosis', 'Cirrhosis / liver failure', q.choice('ascites', 'Ascites', YES_NO)),
      c('fattyLiver', 'Fatty liver disease'),
      c('jaundice', 'Jaundice', q.date('when', 'When')),
    ],
  },
  {
    id: 'gastro',
    label: 'Gastrointestinal',
    conditions: [
      c('gerd', 'Acid reflux / GERD', q.choice('frequency', 'Symptoms', ['Daily', 'Weekly', 'Rarely']), treated),
      c('hiatalHernia', 'Hiatal hernia'),
      c('nauseaVomiting', 'Nausea / vomiting', q.text('cause', 'Cause')),
      c('ibd', 'Crohn’s / ulcerative colitis / IBS', q.text('which', 'Which'), treated),
      c('ulcer', 'Stomach ulcer', q.date('when', 'When')),
      c('gastroparesis', 'Gastroparesis / delayed emptying (incl. GLP-1 agonist use)', q.date('lastDose', 'Last dose')),
    ],
  },
  {
    id: 'cardiac',
    label: 'Cardiovascular',
    conditions: [
      c('hypertension', 'Hypertension', control, treated),
      c('murmur', 'Heart murmur', q.choice('evaluated', 'Evaluated by a cardiologist', YES_NO)),
      c('congenital', 'Congenital heart disease', q.text('defect', 'Defect'), q.choice('repaired', 'Repaired', YES_NO)),
      c(
        'arrhythmia',
        'Arrhythmia',
        q.choice('type', 'Type', ['Atrial fibrillation', 'SVT', 'Heart block', 'Other']),
        treated,
      ),
      c('mi', 'Heart attack (MI)', q.date('when', 'When')),
      c(
        'stent',
        'Stent / bypass',
        q.date('when', 'When'),
        q.choice('anticoagulated', 'On antiplatelet or anticoagulant', YES_NO),
      ),
      c(
        'pacemaker',
        'Pacemaker / defibrillator',
        q.choice('device', 'Device', ['Pacemaker', 'ICD']),
        q.date('lastCheck', 'Last device check'),
      ),
      c('chf', 'Heart failure', q.text('ef', 'Ejection fraction')),
      c('angina', 'Chest pain / angina', q.choice('atRest', 'At rest', YES_NO)),
      c('valve', 'Valve disease / artificial valve', q.choice('prophylaxis', 'Needs antibiotic prophylaxis', YES_NO)),
      c('endocarditis', 'Rheumatic fever / endocarditis', q.date('when', 'When')),
    ],
  },
  {
    id: 'endocrine',
    label: 'Endocrine',
    conditions: [
      c(
        'diabetes',
        'Diabetes',
        q.choice('type', 'Type', ['Type 1', 'Type 2', 'Gestational']),
        q.text('a1c', 'Last A1c'),
        q.choice('insulin', 'Insulin', YES_NO),
        control,
      ),
      c('thyroid', 'Thyroid disease', q.choice('type', 'Type', ['Hypothyroid', 'Hyperthyroid']), treated),
      c('adrenal', 'Adrenal disease / steroid use', q.date('lastSteroid', 'Last steroid dose')),
      c('pituitary', 'Pituitary disorder'),
    ],
  },
  {
    id: 'pulmonary',
    label: 'Pulmonary',
    conditions: [
      c(
        'asthma',
        'Asthma',
        q.date('lastAttack', 'Last attack'),
        q.choice('inhaler', 'Uses an inhaler', YES_NO),
        q.choice('hospitalised', 'Ever hospitalised for asthma', YES_NO),
      ),
      c('osa', 'Sleep apnea (OSA)', q.choice('cpap', 'Uses CPAP', YES_NO), q.text('settings', 'CPAP settings')),
      c(
        'uri',
        'Cold / upper respiratory infection in the last 2 weeks',
        q.date('started', 'Started'),
        q.choice('fever', 'Fever', YES_NO),
      ),
      c('copd', 'COPD / emphysema', q.choice('homeO2', 'Home oxygen', YES_NO)),
      c('snoring', 'Snoring'),
      c('pneumonia', 'Pneumonia / bronchitis', q.date('when', 'When')),
      c('tb', 'Tuberculosis', q.choice('treatedTb', 'Treated', YES_NO)),
      c('shortBreath', 'Shortness of breath', q.choice('onExertion', 'On climbing one flight of stairs', YES_NO)),
    ],
  },
  {
    id: 'gyn',
    label: 'Gynecologic / obstetric',
    conditions: [
      c('pregnant', 'Pregnant', q.text('weeks', 'Weeks'), q.date('dueDate', 'Due date')),
      c('breastfeeding', 'Breastfeeding'),
      c('contraception', 'Hormonal contraception / HRT', q.text('which', 'Which')),
      c('menstrual', 'Menstrual problems', q.date('lmp', 'Last menstrual period')),
    ],
  },
  {
    id: 'hematologic',
    label: 'Hematologic',
    conditions: [
      c('anemia', 'Anemia', q.text('hb', 'Last hemoglobin')),
      c('bleeding', 'Bleeding disorder / easy bruising', q.text('which', 'Which disorder')),
      c('anticoagulant', 'Blood thinners', q.text('drug', 'Drug'), q.date('lastDose', 'Last dose')),
      c('sickle', 'Sickle cell disease / trait', q.choice('status', 'Status', ['Disease', 'Trait'])),
      c('clots', 'Blood clots (DVT / PE)', q.date('when', 'When')),
      c('transfusion', 'Blood transfusion', q.date('when', 'When'), q.choice('reaction', 'Reaction', YES_NO)),
    ],
  },
  {
    id: 'renal',
    label: 'Renal',
    conditions: [
      c('ckd', 'Kidney disease', q.choice('stage', 'Stage', ['1', '2', '3', '4', '5'])),
      c('dialysis', 'Dialysis', q.text('schedule', 'Schedule'), q.text('access', 'Access site')),
      c('stones', 'Kidney stones', q.date('when', 'Last episode')),
      c('uti', 'Urinary tract infections'),
    ],
  },
  {
    id: 'habits',
    label: 'Habits',
    conditions: [
      c(
        'tobacco',
        'Tobacco / vaping',
        q.choice('type', 'Type', ['Cigarettes', 'Vape', 'Cigars', 'Chewing tobacco']),
        q.text('amount', 'Amount per day'),
        q.date('quit', 'Quit date'),
      ),
      c('alcohol', 'Alcohol', q.text('drinksPerWeek', 'Drinks per week'), q.date('lastDrink', 'Last drink')),
      c(
        'drugs',
        'Recreational drugs',
        q.text('which', 'Which'),
        q.choice('frequency', 'Frequency', ['Daily', 'Weekly', 'Occasionally', 'In the past']),
        q.date('lastUse', 'Last use'),
      ),
      c(
        'cannabis',
        'Cannabis',
        q.choice('route', 'Route', ['Smoked', 'Edible', 'Vaped']),
        q.date('lastUse', 'Last use'),
      ),
      c('caffeine', 'Caffeine', q.text('amount', 'Cups per day')),
    ],
  },
  {
    id: 'oncology',
    label: 'Oncology',
    conditions: [
      c(
        'cancer',
        'Cancer',
        q.text('type', 'Type'),
        diagnosed,
        q.choice('status', 'Status', ['Active', 'In remission', 'Cured']),
      ),
      c('chemo', 'Chemotherapy', q.date('last', 'Last treatment')),
      c('radiation', 'Radiation to head or neck', q.date('last', 'Last treatment')),
      c('bisphosphonate', 'Bisphosphonate / antiresorptive therapy', q.text('drug', 'Drug')),
    ],
  },
  {
    id: 'psychiatric',
    label: 'Psychiatric',
    conditions: [
      c('anxiety', 'Anxiety / panic attacks', treated),
      c('depression', 'Depression', treated),
      c('bipolar', 'Bipolar disorder', treated),
      c('schizophrenia', 'Schizophrenia / psychosis', treated),
      c('adhd', 'ADHD', treated),
      c('eating', 'Eating disorder', q.text('which', 'Which')),
      c('ptsd', 'PTSD', treated),
    ],
  },
  {
    id: 'developmental',
    label: 'Developmental',
    conditions: [
      c(
        'autism',
        'Autism spectrum disorder',
        q.choice('verbal', 'Verbal', YES_NO),
        q.text('triggers', 'Triggers / calming strategies'),
      ),
      c('delay', 'Developmental delay', q.text('detail', 'Detail')),
      c(
        'downSyndrome',
        'Down syndrome',
        q.choice('cardiac', 'Cardiac involvement', YES_NO),
        q.choice('atlantoaxial', 'Atlantoaxial instability', YES_NO),
      ),
      c('cerebralPalsy', 'Cerebral palsy', q.text('mobility', 'Mobility')),
      c('premature', 'Born prematurely', q.text('weeks', 'Weeks of gestation')),
    ],
  },
  {
    id: 'general',
    label: 'General',
    conditions: [
      c('weightChange', 'Recent weight change', q.text('amount', 'How much')),
      c('fever', 'Recent fever / illness', q.date('when', 'When')),
      c('mh', 'Malignant hyperthermia (self or family)', q.choice('who', 'Who', ['Self', 'Family'])),
      c('infectious', 'HIV / infectious disease', q.text('which', 'Which')),
      c('latex', 'Latex sensitivity'),
      c('glaucoma', 'Glaucoma', q.choice('type', 'Type', ['Open angle', 'Narrow angle'])),
      c('implants', 'Implants / prosthetics', q.text('which', 'Which')),
    ],
  },
];

/** [SR1] The categories' ids in the spec's order (spec 002 §3). */
export const SYSTEMS_REVIEW_CATEGORY_ORDER: readonly SystemsReviewCategory[] = SYSTEMS_REVIEW_CATALOGUE.map(
  (cat) => cat.id,
);

/** [SR1] A category's conditions, Other last. */
export function categoryConditions(category: SystemsReviewCategory): readonly SystemsReviewCondition[] {
  const def = SYSTEMS_REVIEW_CATALOGUE.find((cat) => cat.id === category);
  return [...(def?.conditions ?? []), OTHER_CONDITION];
}

/** [SR1] A condition of a category by id, or null when the catalogue has none. */
export function findCondition(category: SystemsReviewCategory, conditionId: string): SystemsReviewCondition | null {
  return categoryConditions(category).find((cond) => cond.id === conditionId) ?? null;
}

/** Reads an item of `entries` as an entry; null when it is not one (written by an older build). */
export function readSystemsReviewEntry(value: unknown): SystemsReviewEntry | null {
  if (value == null || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || typeof v.condition !== 'string') return null;
  const answers: Record<string, string> = {};
  if (v.answers != null && typeof v.answers === 'object') {
    for (const [k, a] of Object.entries(v.answers as Record<string, unknown>)) {
      if (typeof a === 'string') answers[k] = a;
    }
  }
  return { id: v.id, condition: v.condition, answers, editing: v.editing === true };
}

/**
 * [SR2] An entry as one line for the saved view and the report: the condition's label, then each
 * answered question as 'Label: answer', separated by semicolons; Other is its long text.
 */
export function systemsReviewEntryText(category: SystemsReviewCategory, entry: SystemsReviewEntry): string {
  const cond = findCondition(category, entry.condition);
  if (!cond) return entry.condition;
  if (cond.id === OTHER_CONDITION.id) return `Other: ${(entry.answers.description ?? '').trim()}`;
  const parts = cond.questions
    .map((qu) => [qu.label, (entry.answers[qu.id] ?? '').trim()] as const)
    .filter(([, a]) => a !== '')
    .map(([label, a]) => `${label}: ${a}`);
  return parts.length === 0 ? cond.label : `${cond.label} (${parts.join('; ')})`;
}

/** [SR3] An entry can be saved once it names a known condition; Other also needs its text. */
export function canSaveSystemsReviewEntry(category: SystemsReviewCategory, entry: SystemsReviewEntry): boolean {
  const cond = findCondition(category, entry.condition);
  if (!cond) return false;
  return cond.id !== OTHER_CONDITION.id || (entry.answers.description ?? '').trim() !== '';
}

type CategoryState = { hasEntries?: boolean | null; entries?: readonly unknown[] | null } | undefined;

/**
 * [SR4] 'Set all unanswered to No' (spec 002 §4): every category without a yes/no answer gets
 * hasEntries false and no entries; answered categories are left as they are. Returns only the
 * categories it changes.
 */
export function setUnansweredToNo(
  review: Readonly<Partial<Record<SystemsReviewCategory, CategoryState>>> | null | undefined,
): Partial<Record<SystemsReviewCategory, { hasEntries: false; entries: [] }>> {
  const out: Partial<Record<SystemsReviewCategory, { hasEntries: false; entries: [] }>> = {};
  for (const id of SYSTEMS_REVIEW_CATEGORY_ORDER) {
    if (typeof review?.[id]?.hasEntries !== 'boolean') out[id] = { hasEntries: false, entries: [] };
  }
  return out;
}
