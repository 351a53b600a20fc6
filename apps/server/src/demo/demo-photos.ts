import sharp from 'sharp';

/**
 * Generated "photos" for the demo listings: a simple drawing of the object on a soft studio
 * background, rendered by sharp from SVG (shapes only, so no font is needed). Each photo of a
 * listing is framed differently, as a seller's second and third shots would be.
 */
export type Drawing =
  | 'books'
  | 'notebook'
  | 'laptop'
  | 'monitor'
  | 'phone'
  | 'tablet'
  | 'headphones'
  | 'calculator'
  | 'chair'
  | 'desk'
  | 'lamp'
  | 'microwave'
  | 'fridge'
  | 'kettle'
  | 'hoodie'
  | 'shirt'
  | 'sneaker'
  | 'backpack'
  | 'ball'
  | 'racket'
  | 'bike'
  | 'scooter'
  | 'flask'
  | 'microscope'
  | 'guitar'
  | 'keyboard'
  | 'mug'
  | 'pan'
  | 'box'
  | 'plant';

const shade = (hex: string, amount: number) => {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) =>
    Math.max(0, Math.min(255, ((value >> shift) & 0xff) + Math.round(255 * amount)));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
};

/** The object, drawn around (0,0) in a 600×450 box; `c` is its main colour. */
const DRAWINGS: Record<Drawing, (c: string) => string> = {
  books: (c) => `
    <rect x="-190" y="90" width="380" height="70" rx="8" fill="${shade(c, -0.15)}"/>
    <rect x="-170" y="100" width="340" height="50" fill="#f5f1e6"/>
    <rect x="-170" y="20" width="340" height="72" rx="8" fill="${c}"/>
    <rect x="-150" y="30" width="300" height="52" fill="#fbf8ef"/>
    <rect x="-150" y="-55" width="300" height="76" rx="8" fill="${shade(c, 0.18)}"/>
    <rect x="-130" y="-45" width="260" height="56" fill="#f7f3e8"/>
    <rect x="-170" y="30" width="24" height="52" fill="${shade(c, -0.25)}"/>
    <rect x="-150" y="-45" width="22" height="56" fill="${shade(c, -0.05)}"/>`,
  notebook: (c) => `
    <rect x="-150" y="-170" width="300" height="340" rx="14" fill="${c}"/>
    <rect x="-120" y="-170" width="12" height="340" fill="${shade(c, -0.2)}"/>
    <rect x="-70" y="-100" width="170" height="44" rx="6" fill="#ffffff" opacity="0.85"/>
    ${[-150, -110, -70, -30, 10, 50, 90, 130].map((y) => `<circle cx="-135" cy="${y}" r="7" fill="#d9d9de"/>`).join('')}`,
  laptop: (c) => `
    <path d="M-230 130 L230 130 L260 165 L-260 165 Z" fill="${shade(c, -0.1)}"/>
    <rect x="-200" y="-170" width="400" height="290" rx="16" fill="${c}"/>
    <rect x="-180" y="-150" width="360" height="250" rx="6" fill="#1f2340"/>
    <rect x="-180" y="-150" width="360" height="250" rx="6" fill="url(#screen)" opacity="0.6"/>
    <rect x="-50" y="140" width="100" height="10" rx="5" fill="${shade(c, -0.25)}"/>`,
  monitor: (c) => `
    <rect x="-30" y="110" width="60" height="60" fill="${shade(c, -0.2)}"/>
    <rect x="-110" y="165" width="220" height="16" rx="8" fill="${shade(c, -0.15)}"/>
    <rect x="-240" y="-170" width="480" height="290" rx="14" fill="${c}"/>
    <rect x="-224" y="-154" width="448" height="240" rx="4" fill="#151a33"/>
    <rect x="-224" y="-154" width="448" height="240" rx="4" fill="url(#screen)" opacity="0.7"/>`,
  phone: (c) => `
    <rect x="-95" y="-190" width="190" height="380" rx="32" fill="${c}"/>
    <rect x="-82" y="-170" width="164" height="340" rx="22" fill="#121528"/>
    <rect x="-82" y="-170" width="164" height="340" rx="22" fill="url(#screen)" opacity="0.65"/>
    <rect x="-25" y="-162" width="50" height="12" rx="6" fill="#000"/>`,
  tablet: (c) => `
    <rect x="-200" y="-160" width="400" height="320" rx="28" fill="${c}"/>
    <rect x="-180" y="-140" width="360" height="280" rx="12" fill="#121528"/>
    <rect x="-180" y="-140" width="360" height="280" rx="12" fill="url(#screen)" opacity="0.65"/>`,
  headphones: (c) => `
    <path d="M-150 60 C-150 -190 150 -190 150 60" fill="none" stroke="${c}" stroke-width="28" stroke-linecap="round"/>
    <rect x="-190" y="20" width="80" height="140" rx="36" fill="${shade(c, -0.15)}"/>
    <rect x="110" y="20" width="80" height="140" rx="36" fill="${shade(c, -0.15)}"/>
    <rect x="-178" y="40" width="40" height="100" rx="20" fill="#2b2b33"/>
    <rect x="138" y="40" width="40" height="100" rx="20" fill="#2b2b33"/>`,
  calculator: (c) => `
    <rect x="-120" y="-180" width="240" height="360" rx="24" fill="${c}"/>
    <rect x="-95" y="-155" width="190" height="70" rx="8" fill="#c9d8c5"/>
    ${[0, 1, 2, 3]
      .flatMap((row) =>
        [0, 1, 2, 3].map(
          (col) =>
            `<rect x="${-95 + col * 50}" y="${-60 + row * 55}" width="40" height="40" rx="8" fill="${
              col === 3 ? '#ff7a45' : shade(c, 0.25)
            }"/>`,
        ),
      )
      .join('')}`,
  chair: (c) => `
    <rect x="-120" y="-190" width="240" height="190" rx="30" fill="${c}"/>
    <rect x="-150" y="0" width="300" height="50" rx="18" fill="${shade(c, -0.12)}"/>
    <rect x="-130" y="50" width="22" height="130" fill="#4a4a55"/>
    <rect x="108" y="50" width="22" height="130" fill="#4a4a55"/>
    <rect x="-11" y="50" width="22" height="110" fill="#5a5a66"/>`,
  desk: (c) => `
    <rect x="-260" y="-40" width="520" height="36" rx="6" fill="${c}"/>
    <rect x="-240" y="-4" width="26" height="190" fill="${shade(c, -0.2)}"/>
    <rect x="214" y="-4" width="26" height="190" fill="${shade(c, -0.2)}"/>
    <rect x="60" y="-4" width="150" height="110" rx="6" fill="${shade(c, -0.08)}"/>
    <rect x="120" y="40" width="30" height="8" rx="4" fill="#f4f4f4"/>`,
  lamp: (c) => `
    <ellipse cx="0" cy="170" rx="110" ry="22" fill="${shade(c, -0.2)}"/>
    <path d="M0 160 L0 0 L110 -110" fill="none" stroke="${shade(c, -0.1)}" stroke-width="18" stroke-linecap="round"/>
    <path d="M60 -170 L200 -60 L150 -20 Z" fill="${c}"/>
    <circle cx="165" cy="-55" r="16" fill="#fff6c2"/>`,
  microwave: (c) => `
    <rect x="-240" y="-150" width="480" height="300" rx="20" fill="${c}"/>
    <rect x="-210" y="-120" width="330" height="240" rx="12" fill="#1d2230"/>
    <rect x="-195" y="-105" width="300" height="210" rx="8" fill="#3a4a66" opacity="0.6"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="150" y="${-110 + i * 45}" width="70" height="28" rx="6" fill="${shade(c, -0.2)}"/>`).join('')}`,
  fridge: (c) => `
    <rect x="-120" y="-200" width="240" height="400" rx="20" fill="${c}"/>
    <rect x="-120" y="-60" width="240" height="8" fill="${shade(c, -0.2)}"/>
    <rect x="80" y="-170" width="14" height="80" rx="7" fill="${shade(c, -0.3)}"/>
    <rect x="80" y="-30" width="14" height="120" rx="7" fill="${shade(c, -0.3)}"/>`,
  kettle: (c) => `
    <path d="M-130 150 L-110 -60 Q0 -120 110 -60 L130 150 Z" fill="${c}"/>
    <path d="M110 -20 Q210 0 180 110" fill="none" stroke="${shade(c, -0.2)}" stroke-width="22"/>
    <path d="M-110 0 L-200 -60" stroke="${shade(c, -0.1)}" stroke-width="26" stroke-linecap="round"/>
    <rect x="-150" y="150" width="300" height="24" rx="10" fill="#33333d"/>`,
  hoodie: (c) => `
    <path d="M-90 -170 Q0 -230 90 -170 L210 -100 L170 20 L130 0 L130 180 L-130 180 L-130 0 L-170 20 L-210 -100 Z" fill="${c}"/>
    <path d="M-60 -170 Q0 -110 60 -170" fill="none" stroke="${shade(c, -0.25)}" stroke-width="12"/>
    <rect x="-80" y="60" width="160" height="70" rx="16" fill="${shade(c, -0.1)}"/>`,
  shirt: (c) => `
    <path d="M-70 -170 L-200 -110 L-160 -20 L-120 -40 L-120 180 L120 180 L120 -40 L160 -20 L200 -110 L70 -170 Q0 -120 -70 -170 Z" fill="${c}"/>
    <circle cx="0" cy="-80" r="6" fill="#fff" opacity="0.8"/><circle cx="0" cy="-30" r="6" fill="#fff" opacity="0.8"/>`,
  sneaker: (c) => `
    <path d="M-240 110 L-230 10 Q-170 -40 -80 -30 L0 -90 L60 -60 Q120 20 230 50 Q260 80 240 110 Z" fill="${c}"/>
    <rect x="-250" y="105" width="500" height="36" rx="18" fill="#f4f4f6"/>
    <path d="M-60 -20 L40 30 M-30 -45 L60 5" stroke="#ffffff" stroke-width="10"/>`,
  backpack: (c) => `
    <path d="M-60 -160 Q0 -230 60 -160" fill="none" stroke="${shade(c, -0.2)}" stroke-width="18"/>
    <rect x="-150" y="-160" width="300" height="340" rx="60" fill="${c}"/>
    <rect x="-100" y="40" width="200" height="110" rx="24" fill="${shade(c, -0.12)}"/>
    <rect x="-60" y="60" width="120" height="10" rx="5" fill="${shade(c, 0.2)}"/>`,
  ball: (c) => `
    <circle cx="0" cy="0" r="170" fill="#ffffff"/>
    <polygon points="0,-60 57,-18 35,49 -35,49 -57,-18" fill="${c}"/>
    ${[0, 72, 144, 216, 288].map((a) => `<polygon transform="rotate(${a})" points="-30,-170 30,-170 45,-120 0,-95 -45,-120" fill="${c}"/>`).join('')}
    <circle cx="0" cy="0" r="170" fill="none" stroke="#cfcfd6" stroke-width="4"/>`,
  racket: (c) => `
    <ellipse cx="0" cy="-70" rx="120" ry="150" fill="none" stroke="${c}" stroke-width="22"/>
    ${[-80, -40, 0, 40, 80].map((x) => `<line x1="${x}" y1="-200" x2="${x}" y2="60" stroke="#e7e7ee" stroke-width="4"/>`).join('')}
    <rect x="-16" y="80" width="32" height="130" rx="12" fill="${shade(c, -0.25)}"/>`,
  bike: (c) => `
    <circle cx="-160" cy="70" r="100" fill="none" stroke="#2b2b33" stroke-width="16"/>
    <circle cx="160" cy="70" r="100" fill="none" stroke="#2b2b33" stroke-width="16"/>
    <path d="M-160 70 L-40 -70 L110 -70 L160 70 M-40 -70 L10 70 L110 -70 M10 70 L-160 70" fill="none" stroke="${c}" stroke-width="16" stroke-linejoin="round"/>
    <path d="M-60 -110 L-10 -110" stroke="#2b2b33" stroke-width="16" stroke-linecap="round"/>
    <path d="M110 -70 L95 -130 L140 -140" fill="none" stroke="#2b2b33" stroke-width="14" stroke-linecap="round"/>`,
  scooter: (c) => `
    <circle cx="-170" cy="130" r="55" fill="#2b2b33"/><circle cx="170" cy="130" r="55" fill="#2b2b33"/>
    <rect x="-190" y="90" width="360" height="26" rx="13" fill="${c}"/>
    <path d="M150 100 L110 -170" stroke="${c}" stroke-width="22" stroke-linecap="round"/>
    <path d="M60 -175 L170 -175" stroke="#2b2b33" stroke-width="18" stroke-linecap="round"/>`,
  flask: (c) => `
    <path d="M-40 -190 L40 -190 L40 -60 L150 150 Q160 180 120 180 L-120 180 Q-160 180 -150 150 L-40 -60 Z" fill="#eef3ff" stroke="#b9c3dc" stroke-width="8"/>
    <path d="M-100 70 L100 70 L140 155 Q145 170 120 170 L-120 170 Q-145 170 -140 155 Z" fill="${c}"/>
    <circle cx="-30" cy="120" r="12" fill="#ffffff" opacity="0.7"/><circle cx="35" cy="100" r="8" fill="#ffffff" opacity="0.7"/>`,
  microscope: (c) => `
    <rect x="-150" y="150" width="300" height="34" rx="12" fill="#3b3b45"/>
    <path d="M40 150 Q150 40 60 -60" fill="none" stroke="${c}" stroke-width="34" stroke-linecap="round"/>
    <rect x="-60" y="-190" width="70" height="190" rx="14" transform="rotate(-25)" fill="${shade(c, -0.15)}"/>
    <rect x="-120" y="40" width="170" height="20" rx="8" fill="#55555f"/>`,
  guitar: (c) => `
    <rect x="-16" y="-210" width="32" height="210" fill="#5b3a1e"/>
    <rect x="-28" y="-235" width="56" height="50" rx="10" fill="#3d2714"/>
    <ellipse cx="0" cy="40" rx="105" ry="90" fill="${c}"/>
    <ellipse cx="0" cy="140" rx="135" ry="100" fill="${c}"/>
    <circle cx="0" cy="70" r="36" fill="#2a1b0e"/>
    <rect x="-45" y="175" width="90" height="16" rx="4" fill="#3d2714"/>`,
  keyboard: (c) => `
    <rect x="-280" y="-70" width="560" height="170" rx="18" fill="${c}"/>
    ${[0, 1, 2]
      .flatMap((row) =>
        Array.from(
          { length: 12 },
          (_, col) =>
            `<rect x="${-260 + col * 43}" y="${-50 + row * 48}" width="36" height="38" rx="6" fill="${shade(c, 0.22)}"/>`,
        ),
      )
      .join('')}`,
  mug: (c) => `
    <path d="M100 -40 Q200 -40 190 40 Q180 110 100 100" fill="none" stroke="${shade(c, -0.15)}" stroke-width="26"/>
    <rect x="-130" y="-110" width="240" height="260" rx="30" fill="${c}"/>
    <ellipse cx="-10" cy="-110" rx="120" ry="22" fill="${shade(c, -0.2)}"/>`,
  pan: (c) => `
    <ellipse cx="-40" cy="40" rx="190" ry="120" fill="#2d2d35"/>
    <ellipse cx="-40" cy="30" rx="165" ry="98" fill="${c}"/>
    <rect x="140" y="10" width="170" height="32" rx="16" fill="#3b2a1a"/>`,
  box: (c) => `
    <path d="M-170 -60 L0 -140 L170 -60 L170 130 L0 200 L-170 130 Z" fill="${c}"/>
    <path d="M-170 -60 L0 20 L170 -60 M0 20 L0 200" fill="none" stroke="${shade(c, -0.2)}" stroke-width="8"/>
    <path d="M-85 -100 L85 -20" stroke="#f2e6c9" stroke-width="22"/>`,
  plant: (c) => `
    <path d="M-90 60 L90 60 L70 190 L-70 190 Z" fill="#c46b3c"/>
    <path d="M0 60 Q-120 -60 -60 -180 Q20 -80 0 60" fill="${c}"/>
    <path d="M0 60 Q110 -40 120 -150 Q20 -90 0 60" fill="${shade(c, -0.12)}"/>
    <path d="M0 60 Q-10 -120 20 -200 Q60 -80 0 60" fill="${shade(c, 0.1)}"/>`,
};

/** Framing of each shot: [scale, rotation in degrees, horizontal shift, background hue shift]. */
const SHOTS: [number, number, number, number][] = [
  [1, 0, 0, 0],
  [1.25, -8, 40, 0.06],
  [0.8, 6, -50, -0.06],
];

/** One photo as a JPEG (what a phone would upload), 1200×900. */
export const renderDemoPhoto = async (
  drawing: Drawing,
  color: string,
  background: string,
  shot = 0,
) => {
  const [scale, rotation, shift, tint] = SHOTS[shot % SHOTS.length]!;
  const light = shade(background, 0.12 + tint);
  const dark = shade(background, -0.08 + tint);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 600 450">
    <defs>
      <radialGradient id="bg" cx="50%" cy="35%" r="80%">
        <stop offset="0%" stop-color="${light}"/><stop offset="100%" stop-color="${dark}"/>
      </radialGradient>
      <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0%" stop-color="#7c4dff"/><stop offset="100%" stop-color="#00bfa5"/>
      </linearGradient>
    </defs>
    <rect width="600" height="450" fill="url(#bg)"/>
    <rect y="330" width="600" height="120" fill="${shade(background, -0.14 + tint)}" opacity="0.55"/>
    <ellipse cx="${300 + shift}" cy="400" rx="${210 * scale}" ry="${26 * scale}" fill="#000" opacity="0.12"/>
    <g transform="translate(${300 + shift} 225) rotate(${rotation}) scale(${0.9 * scale})">
      ${DRAWINGS[drawing](color)}
    </g>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 86 }).toBuffer();
};
