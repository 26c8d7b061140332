import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

const FIELD =
  'w-full rounded-lg border bg-white px-3 text-slate-900 placeholder:text-slate-400 transition-colors focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-70';
const OK = 'border-slate-300 focus:border-brand-500 focus:ring-brand-200';
const INVALID = 'border-red-500 focus:border-red-500 focus:ring-red-200';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
}

export function Input({ invalid, className, ...props }: InputProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={cn(FIELD, 'h-10', invalid ? INVALID : OK, className)}
      {...props}
    />
  );
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
}

export function Textarea({ invalid, className, ...props }: TextareaProps) {
  return (
    <textarea
      aria-invalid={invalid || undefined}
      className={cn(FIELD, 'min-h-32 py-2', invalid ? INVALID : OK, className)}
      {...props}
    />
  );
}
