import { i18n } from '@/lib/i18n/i18n';
import { cn } from './cn';

export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  const dimension = { sm: 'h-3.5 w-3.5 border-2', md: 'h-6 w-6 border-2', lg: 'h-10 w-10 border-4' }[size];
  return (
    <span role="status" aria-label={label ?? i18n.t('ui.loading')} className="inline-flex">
      <span className={cn('animate-spin rounded-full border-current border-t-transparent', dimension)} />
    </span>
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-blue-600">
      <Spinner size="lg" />
    </div>
  );
}
