import { useState } from 'react';
import { testimonials } from './testimonials';

/** One testimonial, picked at random once per visit (spec §2). */
export function Testimonial() {
  const [pick] = useState(
    () => testimonials[Math.floor(Math.random() * testimonials.length)] ?? testimonials[0],
  );
  return (
    <figure className="co__card co__quote">
      <blockquote>“{pick.quote}”</blockquote>
      <figcaption>
        {pick.name}, <span className="co__muted">{pick.role}</span>
      </figcaption>
    </figure>
  );
}
