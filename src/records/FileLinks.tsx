import { fileList, muted } from './records.css';

type LinkedFile = { id: string; name: string | null; url: string };

/**
 * A record's files as links, each named (the signed link's download names it too), opening in a new
 * tab (or, with `download`, saved at once); `empty` is said when there are none. `testId` names the list, and `<testId without s>` each link.
 */
export function FileLinks({ files, testId, empty, download }: { files: LinkedFile[]; testId: string; empty?: string; download?: boolean }) {
  if (files.length === 0) return empty ? <p className={muted}>{empty}</p> : null;
  return (
    <ul className={fileList} data-testid={testId}>
      {files.map((file) => (
        <li key={file.id}>
          <a href={file.url} {...(download ? { download: file.name ?? '' } : { target: '_blank', rel: 'noreferrer' })} data-testid={testId.replace(/s$/, '')}>
            {file.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
