import { useId } from 'react';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';

export interface WelcomeBannerProps {
  className?: string;
}

/** The admin dashboard's content (spec "Admin dashboard"): a welcome, and nothing else. */
export function WelcomeBanner({ className }: WelcomeBannerProps) {
  const text = useMessages().adminDashboard;
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-lg bg-brand-700 p-6 text-white shadow-sm sm:p-8', className)}
    >
      <h1 id={headingId} className="text-2xl font-bold sm:text-3xl">
        {text.welcomeTitle}
      </h1>
      <p className="mt-2 max-w-2xl text-brand-50">{text.welcomeText}</p>
    </section>
  );
}
