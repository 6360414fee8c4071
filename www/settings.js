// Remembered choices (localStorage) and the URL parameters ?rules=&fen=&opponent=&level=&color=&lang=.
// Values are checked by the wasm layer where they are rules (preset ids, levels, positions).

const KEY = 'dame.settings.v1';

export function loadSettings(defaults) {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || '{}');
    return { ...defaults, ...saved };
  } catch {
    return { ...defaults };
  }
}

export function saveSettings(settings) {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Private mode: choices are then not remembered.
  }
}

/// The URL's choices: { settings: {...}, fen, errors: [{name, problem}] }.
export function readUrl(search, bindings, presets) {
  const params = new URLSearchParams(search);
  const out = { settings: {}, fen: null, errors: [] };
  const rules = params.get('rules');
  if (rules !== null) {
    const id = rules.trim().toLowerCase().replace(/_/g, '-');
    if (presets.some((p) => p.id === id)) out.settings.rules = id;
    else out.errors.push({ name: 'rules', problem: `'${rules}' (${presets.map((p) => p.id).join(', ')})` });
  }
  const level = params.get('level');
  if (level !== null) {
    try {
      out.settings.level = bindings.checkLevel(level);
    } catch (e) {
      out.errors.push({ name: 'level', problem: e.message });
    }
  }
  const opponent = params.get('opponent');
  if (opponent !== null) {
    if (opponent === 'human' || opponent === 'computer') out.settings.opponent = opponent;
    else out.errors.push({ name: 'opponent', problem: `'${opponent}' (human, computer)` });
  }
  const color = params.get('color');
  if (color !== null) {
    if (color === 'red' || color === 'black') out.settings.color = color;
    else out.errors.push({ name: 'color', problem: `'${color}' (red, black)` });
  }
  const lang = params.get('lang');
  if (lang !== null) {
    if (lang === 'de' || lang === 'en') out.settings.lang = lang;
    else out.errors.push({ name: 'lang', problem: `'${lang}' (de, en)` });
  }
  const fen = params.get('fen');
  if (fen !== null && fen.trim() !== '') out.fen = fen.trim();
  return out;
}
