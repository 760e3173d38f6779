import { useEffect, useState } from 'react';

/** Whether the page has scrolled more than `threshold` pixels (the sticky header of spec §2). */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    // `scrollY` needs an up-to-date layout: read right after mounting, it laid the page out inside the
    // render's task (10 ms on the first page); in the next frame the layout is the one the frame does anyway.
    const firstFrame = requestAnimationFrame(update);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(firstFrame);
      window.removeEventListener('scroll', update);
    };
  }, [threshold]);
  return past;
}
