// @ts-check
// Sounds for a move, a capture, a crowning and the game's end, synthesized with WebAudio (no audio
// files): a few short notes each, with a quick fade. Loaded only once the player switches sound
// on (turns.js imports it when a sound is due). The last sound played is on <body data-sound>,
// with a running count in data-sound-n (for tests).

/** @typedef {'move' | 'capture' | 'crown' | 'end'} SoundName */
/** A note: frequency (Hz), start and length (s), waveform. @typedef {[number, number, number, OscillatorType]} Note */

/** @type {Record<SoundName, Note[]>} */
const NOTES = {
  move: [[520, 0, 0.07, 'triangle']],
  capture: [[330, 0, 0.06, 'square'], [220, 0.07, 0.1, 'square']],
  crown: [[523, 0, 0.1, 'sine'], [659, 0.1, 0.1, 'sine'], [784, 0.2, 0.2, 'sine']],
  end: [[392, 0, 0.16, 'sine'], [523, 0.16, 0.16, 'sine'], [659, 0.32, 0.35, 'sine']],
};

/** @type {AudioContext | null} */
let audio = null;
let played = 0;

/** The audio context, made (or resumed) on first use; null where WebAudio is missing. */
function context() {
  if (!audio && typeof AudioContext === 'function') audio = new AudioContext();
  if (audio?.state === 'suspended') audio.resume().catch(() => {});
  return audio;
}

/** Called on the click that switches sound on: browsers allow audio after a gesture only. */
export function unlock() {
  context();
}

/** Plays the sound `name`. @param {SoundName} name */
export function playSound(name) {
  played += 1;
  document.body.dataset.sound = name;
  document.body.dataset.soundN = String(played);
  const ac = context();
  if (!ac) return;
  const t0 = ac.currentTime + 0.01;
  for (const [freq, start, length, type] of NOTES[name]) {
    const osc = ac.createOscillator();
    const gain = ac.createGain();
    osc.type = type;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, t0 + start);
    gain.gain.exponentialRampToValueAtTime(type === 'square' ? 0.06 : 0.18, t0 + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
    osc.connect(gain).connect(ac.destination);
    osc.start(t0 + start);
    osc.stop(t0 + start + length + 0.02);
  }
}
