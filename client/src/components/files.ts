/** Stored files (/files/*) are authorised per request: fetch with the token, show through a temporary local link. */
import { getToken } from '../session/storage';

export async function fetchFileAsBlobUrl(url: string): Promise<string> {
  const token = getToken();
  const res = await fetch(url, { headers: token ? { Authorization: `Token ${token}` } : {} });
  if (!res.ok) throw new Error(`File request failed (${res.status})`);
  return URL.createObjectURL(await res.blob());
}
