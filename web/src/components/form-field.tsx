import { useTranslation } from 'react-i18next';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Button } from './button';
import { cn } from './cn';

type FormFieldProps = {
  label: string;
  htmlFor: string;
  required?: boolean;
  error?: string;
  help?: ReactNode;
  children: ReactNode;
};

/** A labelled field: a red asterisk when required and the error message under the control. */
export function FormField({ label, htmlFor, required, error, help, children }: FormFieldProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {help && !error && <p className="text-xs text-slate-500">{help}</p>}
      {error && (
        <p className="text-xs text-red-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

const control = (invalid?: boolean) =>
  cn(
    'block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2',
    invalid ? 'border-red-400 focus:ring-red-400' : 'border-slate-300 focus:ring-blue-500',
    'disabled:bg-slate-100 disabled:text-slate-500',
  );

type Invalid = { invalid?: boolean };

export function Input({ invalid, className, ...rest }: InputHTMLAttributes<HTMLInputElement> & Invalid) {
  return <input className={cn(control(invalid), className)} aria-invalid={invalid || undefined} {...rest} />;
}

export function Select({ invalid, className, ...rest }: SelectHTMLAttributes<HTMLSelectElement> & Invalid) {
  return <select className={cn(control(invalid), className)} aria-invalid={invalid || undefined} {...rest} />;
}

export function Textarea({ invalid, className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & Invalid) {
  return <textarea className={cn(control(invalid), className)} aria-invalid={invalid || undefined} {...rest} />;
}

/** The buttons under a form: submit, Cancel, and any actions of the page (Delete). */
export function FormActions({ submitLabel, submitting, onCancel, children }: { submitLabel: string; submitting: boolean; onCancel: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2 pt-2">
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        {t('site:ui.cancel')}
      </Button>
      {children}
    </div>
  );
}
