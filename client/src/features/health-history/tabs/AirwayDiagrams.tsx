import type { ReactNode } from 'react';
import classes from './tabs.module.css';

/*
 * The four airway reference diagrams of the info dialogs (spec 002 §2): schematic drawings a
 * clinician recognises from the teaching charts, drawn in SVG so they print and scale sharply.
 */

const MUCOSA = '#f4b6b6';
const DEEP = '#7a1f2b';
const TONSIL = '#e0707a';
const TONGUE = '#e88a8a';
const INK = '#1f2933';

/** Five panels of the oropharynx with the tonsils taking up more of the airway each grade. */
export function BrodskyDiagram(): ReactNode {
  const grades = [
    { label: '0', text: 'Within the fossa', share: 0 },
    { label: '1+', text: '< 25 %', share: 0.2 },
    { label: '2+', text: '25–50 %', share: 0.4 },
    { label: '3+', text: '50–75 %', share: 0.64 },
    { label: '4+', text: '> 75 %', share: 0.86 },
  ];
  return (
    <svg viewBox="0 0 600 190" className={classes.diagram} role="img" aria-labelledby="brodsky-title">
      <title id="brodsky-title">
        Brodsky tonsil grades 0 to 4+: the share of the oropharyngeal airway the tonsils take up
      </title>
      {grades.map((g, i) => {
        const x = i * 120 + 10;
        const half = (g.share * 80) / 2;
        return (
          <g key={g.label} transform={`translate(${x} 10)`}>
            {/* the opening of the oropharynx, with the back wall dark */}
            <rect x="0" y="0" width="100" height="120" rx="40" fill={MUCOSA} stroke={INK} strokeWidth="1.5" />
            <rect x="10" y="20" width="80" height="90" rx="30" fill={DEEP} />
            {/* pillars */}
            <path d="M10 30 Q 4 70 12 108" fill="none" stroke={INK} strokeWidth="1.5" />
            <path d="M90 30 Q 96 70 88 108" fill="none" stroke={INK} strokeWidth="1.5" />
            {/* tonsils from each side */}
            {g.share > 0 && (
              <>
                <ellipse cx={10 + half / 2} cy="68" rx={Math.max(half / 2 + 6, 8)} ry="30" fill={TONSIL} stroke={INK} />
                <ellipse cx={90 - half / 2} cy="68" rx={Math.max(half / 2 + 6, 8)} ry="30" fill={TONSIL} stroke={INK} />
              </>
            )}
            {/* uvula */}
            <path d="M44 0 Q 50 48 56 0 Z" fill={MUCOSA} stroke={INK} strokeWidth="1.2" />
            <text x="50" y="145" textAnchor="middle" fontSize="18" fontWeight="700" fill={INK}>
              {g.label}
            </text>
            <text x="50" y="165" textAnchor="middle" fontSize="12" fill={INK}>
              {g.text}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The four Modified Mallampati views: the mouth open, tongue out, less of the pharynx seen each class. */
export function MallampatiDiagram(): ReactNode {
  const classesShown = [
    { label: 'Class I', text: 'Soft palate, fauces, uvula, pillars', tongueTop: 118 },
    { label: 'Class II', text: 'Soft palate, fauces, uvula', tongueTop: 100 },
    { label: 'Class III', text: 'Soft palate, base of uvula', tongueTop: 74 },
    { label: 'Class IV', text: 'Hard palate only', tongueTop: 48 },
  ];
  return (
    <svg viewBox="0 0 620 220" className={classes.diagram} role="img" aria-labelledby="mallampati-title">
      <title id="mallampati-title">
        Modified Mallampati classes I to IV: the structures seen with the mouth open and the tongue out
      </title>
      {classesShown.map((c, i) => (
        <g key={c.label} transform={`translate(${i * 150 + 24} 10)`}>
          {/* lips */}
          <ellipse cx="65" cy="85" rx="64" ry="78" fill="#c9645f" stroke={INK} strokeWidth="1.5" />
          {/* the mouth's inside */}
          <ellipse cx="65" cy="85" rx="54" ry="68" fill={DEEP} />
          {/* hard palate (upper arch) and soft palate */}
          <path d="M13 60 Q 65 -6 117 60 Q 65 22 13 60 Z" fill="#f6d2cf" stroke={INK} strokeWidth="1" />
          <path d="M16 66 Q 65 22 114 66 Q 65 44 16 66 Z" fill={MUCOSA} stroke={INK} strokeWidth="1" />
          {/* faucial pillars */}
          <path d="M30 62 Q 24 100 34 134" fill="none" stroke={MUCOSA} strokeWidth="6" />
          <path d="M100 62 Q 106 100 96 134" fill="none" stroke={MUCOSA} strokeWidth="6" />
          {/* uvula */}
          <path d="M58 44 Q 65 92 72 44 Z" fill={MUCOSA} stroke={INK} strokeWidth="1" />
          {/* tongue, covering more as the class rises */}
          <path
            d={`M11 150 Q 12 ${c.tongueTop} 65 ${c.tongueTop - 4} Q 118 ${c.tongueTop} 119 150 Z`}
            fill={TONGUE}
            stroke={INK}
            strokeWidth="1.2"
          />
          <path d={`M65 ${c.tongueTop + 4} L 65 150`} stroke="#c45b5b" strokeWidth="1.5" />
          <text x="65" y="185" textAnchor="middle" fontSize="16" fontWeight="700" fill={INK}>
            {c.label}
          </text>
          <text x="65" y="203" textAnchor="middle" fontSize="11" fill={INK}>
            {c.text}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** A profile with the head extended and the distance from the thyroid notch to the chin's tip. */
export function ThyromentalDiagram(): ReactNode {
  return (
    <svg viewBox="0 0 600 300" className={classes.diagram} role="img" aria-labelledby="tmd-title">
      <title id="tmd-title">
        Thyromental distance: from the thyroid notch to the tip of the chin, head fully extended, mouth closed
      </title>
      {/* face and neck in profile, facing right, head extended */}
      <path
        d="M150 20 C 230 0 310 20 340 60 L 352 92 L 372 104 L 356 114 L 362 132 L 354 142 L 358 160
           C 360 178 348 188 330 190 L 304 196 C 280 204 262 214 254 232 L 240 292 L 120 292
           C 126 230 112 170 104 120 C 96 70 110 32 150 20 Z"
        fill="#f3d3bd"
        stroke={INK}
        strokeWidth="2"
      />
      {/* ear and eye */}
      <ellipse cx="190" cy="100" rx="14" ry="22" fill="none" stroke={INK} strokeWidth="1.5" />
      <path d="M300 70 q 12 -6 24 0" fill="none" stroke={INK} strokeWidth="2" />
      {/* thyroid cartilage */}
      <path d="M262 226 q 10 -8 6 -20" fill="none" stroke={INK} strokeWidth="2" />
      {/* the measurement */}
      <circle cx="264" cy="218" r="5" fill="#1c7ed6" />
      <circle cx="330" cy="190" r="5" fill="#1c7ed6" />
      <line x1="264" y1="218" x2="330" y2="190" stroke="#1c7ed6" strokeWidth="3" strokeDasharray="6 4" />
      <text x="360" y="214" fontSize="15" fill={INK}>
        Chin tip (mentum)
      </text>
      <text x="150" y="256" fontSize="15" fill={INK}>
        Thyroid notch
      </text>
      <g transform="translate(400 40)" fontSize="14" fill={INK}>
        <text y="0" fontWeight="700">
          Thyromental distance
        </text>
        <rect y="14" width="14" height="14" fill="#2f9e44" />
        <text x="22" y="26">
          &gt; 6.5 cm: expected easy
        </text>
        <rect y="40" width="14" height="14" fill="#f08c00" />
        <text x="22" y="52">
          6–6.5 cm: greater difficulty
        </text>
        <rect y="66" width="14" height="14" fill="#e03131" />
        <text x="22" y="78">
          &lt; 6 cm: very high difficulty
        </text>
        <text y="110" fontSize="12">
          About three finger breadths
        </text>
        <text y="126" fontSize="12">
          is normal in an adult.
        </text>
      </g>
    </svg>
  );
}

/** The three classes of the upper lip bite test: how far the lower incisors reach over the upper lip. */
export function UpperLipBiteDiagram(): ReactNode {
  const rows = [
    { label: 'Class 1', text: 'Lower incisors bite the upper lip above the vermilion line', reach: 2 },
    { label: 'Class 2', text: 'Lower incisors bite the upper lip below the vermilion line', reach: 36 },
    { label: 'Class 3', text: 'Lower incisors cannot bite the upper lip', reach: 62 },
  ];
  return (
    <svg viewBox="0 0 600 230" className={classes.diagram} role="img" aria-labelledby="ulbt-title">
      <title id="ulbt-title">Upper lip bite test classes 1 to 3</title>
      {rows.map((r, i) => (
        <g key={r.label} transform={`translate(${i * 200 + 10} 10)`}>
          {/* skin above the lip */}
          <rect x="0" y="0" width="180" height="40" fill="#f3d3bd" />
          {/* upper lip: skin part, vermilion line, red part */}
          <rect x="0" y="40" width="180" height="26" fill="#f3d3bd" />
          <path d="M0 66 Q 90 58 180 66 L 180 96 Q 90 106 0 96 Z" fill="#c9645f" stroke={INK} />
          <path d="M0 66 Q 90 58 180 66" fill="none" stroke={INK} strokeWidth="2" strokeDasharray="4 3" />
          {/* lower incisors pushed up over the lip, reaching less with each class */}
          {[0, 1, 2, 3].map((t) => (
            <rect
              key={t}
              x={50 + t * 20}
              y={r.reach + 40}
              width="18"
              height="70"
              rx="4"
              fill="#fffdf5"
              stroke={INK}
              strokeWidth="1.2"
            />
          ))}
          {/* lower lip and chin */}
          <rect x="0" y="150" width="180" height="40" rx="10" fill="#f3d3bd" stroke={INK} />
          <text x="90" y="205" textAnchor="middle" fontSize="16" fontWeight="700" fill={INK}>
            {r.label}
          </text>
        </g>
      ))}
      <text x="300" y="226" textAnchor="middle" fontSize="12" fill={INK}>
        Dashed line: the vermilion border of the upper lip
      </text>
    </svg>
  );
}

/** The class texts of the upper lip bite test, shown under the diagram. */
export const ULBT_CLASS_TEXTS = [
  'Class 1: the lower incisors can bite the upper lip above the vermilion line.',
  'Class 2: the lower incisors can bite the upper lip below the vermilion line.',
  'Class 3: the lower incisors cannot bite the upper lip.',
] as const;
