/** A PDF shown in an <iframe> from a blob URL of its bytes (the bytes may be prefilled or signed in the browser). */
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';

export function PdfFrame({ bytes, title, height = 800 }: { bytes: Uint8Array | null; title: string; height?: number }) {
  const t = useT();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!bytes) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [bytes]);
  if (!url)
    return (
      <p className="muted" role="status">
        {t('components.loadingTheForm')}
      </p>
    );
  return <iframe title={title} src={url} style={{ width: '100%', height, border: '1px solid var(--line)', borderRadius: 6 }} />;
}
