import { centered, spinner } from './Spinner.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Accessible name; without it the spinner is decorative (aria-hidden). */
  label?: string;
  /** Centre the spinner in a padded block (page/section loading). */
  block?: boolean;
  'data-testid'?: string;
}

export function Spinner({ size = 'md', label, block = false, 'data-testid': testId = 'spinner' }: SpinnerProps) {
  const icon = label ? (
    <span role="status" aria-label={label} className={spinner({ size })} data-testid={testId} />
  ) : (
    <span aria-hidden="true" className={spinner({ size })} data-testid={testId} />
  );
  return block ? <div className={centered}>{icon}</div> : icon;
}
