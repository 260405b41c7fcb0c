import { useId } from 'react';
import * as s from '../visitor/Visitor.css';

const ACCEPT = '.pdf,.jpg,.jpeg,.png,.docx,.xlsx,application/pdf,image/jpeg,image/png';

/** One of the questionnaire's two file sets: up to five files, judged again by the server. */
export function FileSetInput(props: { name: string; label: string; hint: string; error?: string; onChange: (files: File[]) => void }) {
  const id = useId();
  return (
    <div className={s.photo}>
      <label htmlFor={id}>{props.label}</label>
      <input id={id} name={props.name} type="file" multiple accept={ACCEPT} onChange={(e) => props.onChange([...(e.target.files ?? [])].slice(0, 5))} />
      <span className={s.muted}>{props.hint}</span>
      {props.error && <span className={s.photoError}>{props.error}</span>}
    </div>
  );
}
