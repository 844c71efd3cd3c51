/**
 * The placed signatures of an enrollment contract and its completion date (POST
 * /api/generate-enrollment-contract-pdf/ and its mutation), parsed by both adapters. Every
 * required spot must be placed and no unknown one; each value is trimmed as it is drawn.
 */
import { badInput, because } from '../../core/errors.js';
import { check, parseInput, type Checked, z } from '../../core/validation.js';
import { missingSpots, REQUIRED_SPOTS, type SpotName } from './contract-text.js';

export const CONTRACT_INPUT_MESSAGES = {
  missing: (names: string[]) => because('CONTRACT_SIGNATURES_MISSING', { names: names.join(', ') }),
  unknownSpot: (name: string) => because('CONTRACT_UNKNOWN_SPOT', { name }),
  badDate: 'CONTRACT_DATE_INVALID',
  required: 'CONTRACT_DATA_REQUIRED',
} as const;
const M = CONTRACT_INPUT_MESSAGES;

const spotValue = z
  .string()
  .max(200, 'CONTRACT_SIGNATURE_TOO_LONG')
  .refine((s) => !s.includes('\u0000'), 'NUL_CHARACTER');
const generateSchema = z.object({
  contractData: z.object({
    placedSignatures: z.record(z.string(), spotValue),
    userInfo: z
      .object({ name: z.string().max(200).optional(), email: z.string().max(320).optional() })
      .partial()
      .optional(),
    completionDate: z.string().max(64),
  }),
});

export interface PlacedContract {
  placed: Record<SpotName, string>;
  signedAt: Date;
}

export function parsePlacedContract(raw: unknown): PlacedContract {
  const { contractData } = parseInput(generateSchema, raw, because(M.required));
  const placed = contractData.placedSignatures;
  for (const name of Object.keys(placed)) {
    if (!(REQUIRED_SPOTS as readonly string[]).includes(name)) throw badInput(M.unknownSpot(name));
  }
  const missing = missingSpots(placed);
  if (missing.length) throw badInput(M.missing(missing));
  const signedAt = new Date(contractData.completionDate);
  if (Number.isNaN(signedAt.getTime())) throw badInput(because(M.badDate));
  return { placed: Object.fromEntries(REQUIRED_SPOTS.map((s) => [s, placed[s].trim()])) as Record<SpotName, string>, signedAt };
}

export const checkPlacedContract = (raw: unknown): Checked<PlacedContract> => check(() => parsePlacedContract(raw));
export { generateSchema };
