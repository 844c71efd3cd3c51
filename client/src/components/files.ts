/** Stored files (/files/*) are authorised per request: fetch with the token, show through a temporary local link. */
import { restBlob } from '../api/rest';

export async function fetchFileAsBlobUrl(url: string): Promise<string> {
  const { blob } = await restBlob(url);
  return URL.createObjectURL(blob);
}
