/** Testimonials shown one at a time, picked at random (spec §2); the words are ours. */
export const testimonials = [
  {
    quote: 'The addons saved us weeks on every client site. Support answered within the hour.',
    name: 'Maya R.',
    role: 'Agency owner',
  },
  {
    quote: 'The agency bundle paid for itself on the first project. Updates just work.',
    name: 'Jonas K.',
    role: 'Freelance developer',
  },
  {
    quote: 'Clean code, fast pages, and a licence dashboard my clients understand.',
    name: 'Priya S.',
    role: 'Web designer',
  },
] as const;
