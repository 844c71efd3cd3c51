import { Arg, Ctx, Field, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { ApplicationStatusEnum, ContractStatusEnum, SpotKindEnum } from '../../graphql/enums.js';
import type { ContractView } from './contracts.service.js';
import { checkPlacedContract } from './contract-input.js';

@ObjectType({ description: 'A spot to sign or initial; kind says what it takes: initials, signature, name or date' })
export class ContractSpotType {
  @Field(() => String, { description: 'Name, as shown to people.' }) name: string;
  @Field(() => String, { description: 'Label shown to people.' }) label: string;
  @Field(() => SpotKindEnum, { description: 'Kind.' }) kind: string;
}

@ObjectType({ description: 'A contract link.' })
class ContractLink {
  @Field(() => String, { description: 'Label shown to people.' }) label: string;
  @Field(() => String, { description: 'Link address.' }) href: string;
}

@ObjectType({ description: 'A contract section type.' })
export class ContractSectionType {
  @Field(() => String, { description: 'Machine-readable key.' }) key: string;
  @Field(() => String, { description: 'Heading.' }) heading: string;
  @Field(() => [String], { description: 'Paragraphs of text.' }) paragraphs: string[];
  @Field(() => [ContractSpotType], { description: 'Where signatures go.' }) spots: ContractSpotType[];
  @Field(() => ContractLink, { description: 'Link address.', nullable: true }) link?: ContractLink | null;
}

@ObjectType({ description: 'The enrollment contract text: the same sections the PDF draws' })
export class ContractDocumentType {
  @Field(() => String, { description: 'Title, as shown to people.' }) title: string;
  @Field(() => String, { description: 'Introductory text.' }) intro: string;
  @Field(() => [ContractSectionType], { description: 'The sections.' }) sections: ContractSectionType[];
}

@ObjectType({ description: 'A placed signature.' })
export class PlacedSignature {
  @Field(() => String, { description: 'Where the signature goes.' }) spot: string;
  @Field(() => String, { description: 'The value.' }) value: string;
}

@ObjectType({ description: "A parent's enrollment contract" })
export class EnrollmentContractType {
  @Field(() => String, { description: 'Numeric identifier.' }) id: string;
  @Field(() => String, { description: 'Name of the student.' }) studentName: string;
  @Field(() => ContractStatusEnum, { description: 'unsigned, generated or completed' }) status: string;
  @Field(() => String, { nullable: true, description: '/files/contracts/{id}.pdf once generated' }) pdfUrl: string | null;
  @Field(() => Date, { description: 'When it was completed.', nullable: true }) completedAt: Date | null;
  @Field(() => [PlacedSignature], { description: 'The placed signatures.' }) placedSignatures: PlacedSignature[];
  @Field(() => String, { description: 'The school year it enrolls for (2026-27), once drawn.', nullable: true }) schoolYear: string | null;
  @Field(() => Date, { description: 'When the enrollment ended (a withdrawal).', nullable: true }) endedAt: Date | null;
}

export function toContractType(v: ContractView): EnrollmentContractType {
  return {
    id: v.id,
    studentName: v.studentName,
    status: v.status,
    pdfUrl: v.pdfUrl,
    completedAt: v.completedAt,
    schoolYear: v.schoolYear,
    endedAt: v.endedAt,
    placedSignatures: Object.entries(v.placedSignatures).map(([spot, value]) => ({ spot, value })),
  };
}

@InputType({ description: 'The fields to placed signature.' })
class PlacedSignatureInput {
  @Field(() => String, { description: 'Where the signature goes.' }) spot: string;
  @Field(() => String, { description: 'The value.' }) value: string;
}

@InputType({ description: 'The fields to generate contract pdf.' })
class GenerateContractPdfInput {
  @Field(() => [PlacedSignatureInput], { description: 'The placed signatures.' }) placedSignatures: PlacedSignatureInput[];
  @Field(() => String, { description: 'The user name.', nullable: true }) userName?: string | null;
  @Field(() => String, { description: 'The user email.', nullable: true }) userEmail?: string | null;
  @Field(() => String, { description: 'ISO date and time' }) completionDate: string;
}

@ObjectType({ description: 'The generated enrollment contract PDF.' })
class ContractPdfResult {
  @Field(() => Boolean, { description: 'Whether it succeeded.' }) success: boolean;
  @Field(() => String, { description: 'Address of the PDF.', nullable: true }) pdfUrl: string | null;
  @Field(() => String, { description: 'What went wrong, if anything.', nullable: true }) error: string | null;
}

@ObjectType({ description: 'A contract completion.' })
class ContractCompletion {
  @Field(() => ApplicationStatusEnum, { description: 'Dual School application status.' }) applicationStatus: string;
  @Field(() => Date, { description: 'When it was completed.' }) completedAt: Date;
}

@ObjectType({ description: "The next school year's contract offered to an enrolled family (re-enrollment)" })
class ReEnrollmentOfferType {
  @Field(() => String, { description: 'The school year offered (2027-28).' }) schoolYear: string;
  @Field(() => String, { description: 'The day it starts (YYYY-MM-DD).' }) startsOn: string;
  @Field(() => Int, { description: "The year's annual tuition, in cents." }) annualTuitionCents: number;
  @Field(() => String, { description: 'The day its tuition is due (YYYY-MM-DD).' }) tuitionDueOn: string;
}

@Resolver()
export class ContractsResolver {
  @Query(() => ReEnrollmentOfferType, {
    nullable: true,
    description: "The next year's contract the signed-in parent may sign (enrolled, re-enrollment open, not signed yet); null otherwise",
  })
  reEnrollmentOffer(@Ctx() ctx: AdapterContext): Promise<ReEnrollmentOfferType | null> {
    return ctx.services.contracts.reEnrollmentOffer(ctx);
  }

  @Query(() => ContractDocumentType, { description: 'Reads the enrollment contract document.' })
  enrollmentContractDocument(@Ctx() ctx: AdapterContext): Promise<ContractDocumentType> {
    return ctx.services.contracts.document(ctx);
  }

  @Query(() => EnrollmentContractType, { nullable: true, description: "The signed-in parent's contract, if any" })
  async myEnrollmentContract(@Ctx() ctx: AdapterContext): Promise<EnrollmentContractType | null> {
    const v = await ctx.services.contracts.mine(ctx);
    return v && toContractType(v);
  }

  @Mutation(() => ContractPdfResult, { description: 'Draws the placed signatures into the contract PDF and stores it' })
  async generateEnrollmentContractPdf(
    @Ctx() ctx: AdapterContext,
    @Arg('input', () => GenerateContractPdfInput, { description: 'The fields to save.' }) input: GenerateContractPdfInput,
  ): Promise<ContractPdfResult> {
    const placed: Record<string, string> = {};
    for (const p of input.placedSignatures) placed[p.spot] = p.value;
    const { pdfUrl } = await ctx.services.contracts.generatePdf(
      ctx,
      checkPlacedContract({
        contractData: {
          placedSignatures: placed,
          userInfo: { name: input.userName ?? undefined, email: input.userEmail ?? undefined },
          completionDate: input.completionDate,
        },
      }),
    );
    return { success: true, pdfUrl, error: null };
  }

  @Mutation(() => ContractCompletion, { description: 'Completes the contract: the family is enrolled and tuition falls due' })
  completeEnrollmentContract(@Ctx() ctx: AdapterContext): Promise<ContractCompletion> {
    return ctx.services.contracts.complete(ctx);
  }
}
