import { Arg, Ctx, Field, InputType, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/context.js';
import type { ContractView } from './contracts.service.js';

@ObjectType({ description: 'A spot to sign or initial; kind says what it takes: initials, signature, name or date' })
export class ContractSpotType {
  @Field(() => String) name: string;
  @Field(() => String) label: string;
  @Field(() => String) kind: string;
}

@ObjectType()
class ContractLink {
  @Field(() => String) label: string;
  @Field(() => String) href: string;
}

@ObjectType()
export class ContractSectionType {
  @Field(() => String) key: string;
  @Field(() => String) heading: string;
  @Field(() => [String]) paragraphs: string[];
  @Field(() => [ContractSpotType]) spots: ContractSpotType[];
  @Field(() => ContractLink, { nullable: true }) link?: ContractLink | null;
}

@ObjectType({ description: 'The enrollment contract text: the same sections the PDF draws' })
export class ContractDocumentType {
  @Field(() => String) title: string;
  @Field(() => String) intro: string;
  @Field(() => [ContractSectionType]) sections: ContractSectionType[];
}

@ObjectType()
export class PlacedSignature {
  @Field(() => String) spot: string;
  @Field(() => String) value: string;
}

@ObjectType({ description: "A parent's enrollment contract" })
export class EnrollmentContractType {
  @Field(() => String) id: string;
  @Field(() => String) studentName: string;
  @Field(() => String, { description: 'unsigned, generated or completed' }) status: string;
  @Field(() => String, { nullable: true, description: '/files/contracts/{id}.pdf once generated' }) pdfUrl: string | null;
  @Field(() => Date, { nullable: true }) completedAt: Date | null;
  @Field(() => [PlacedSignature]) placedSignatures: PlacedSignature[];
}

export function toContractType(v: ContractView): EnrollmentContractType {
  return { ...v, placedSignatures: Object.entries(v.placedSignatures).map(([spot, value]) => ({ spot, value })) };
}

@InputType()
class PlacedSignatureInput {
  @Field(() => String) spot: string;
  @Field(() => String) value: string;
}

@InputType()
class GenerateContractPdfInput {
  @Field(() => [PlacedSignatureInput]) placedSignatures: PlacedSignatureInput[];
  @Field(() => String, { nullable: true }) userName?: string | null;
  @Field(() => String, { nullable: true }) userEmail?: string | null;
  @Field(() => String, { description: 'ISO date and time' }) completionDate: string;
}

@ObjectType()
class ContractPdfResult {
  @Field(() => Boolean) success: boolean;
  @Field(() => String, { nullable: true }) pdfUrl: string | null;
  @Field(() => String, { nullable: true }) error: string | null;
}

@ObjectType()
class ContractCompletion {
  @Field(() => String) applicationStatus: string;
  @Field(() => Date) completedAt: Date;
}

@Resolver()
export class ContractsResolver {
  @Query(() => ContractDocumentType)
  enrollmentContractDocument(@Ctx() ctx: RequestContext): ContractDocumentType {
    return ctx.services.contracts.document();
  }

  @Query(() => EnrollmentContractType, { nullable: true, description: "The signed-in parent's contract, if any" })
  async myEnrollmentContract(@Ctx() ctx: RequestContext): Promise<EnrollmentContractType | null> {
    const v = await ctx.services.contracts.mine(ctx);
    return v && toContractType(v);
  }

  @Mutation(() => ContractPdfResult, { description: 'Draws the placed signatures into the contract PDF and stores it' })
  async generateEnrollmentContractPdf(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => GenerateContractPdfInput) input: GenerateContractPdfInput,
  ): Promise<ContractPdfResult> {
    const placed: Record<string, string> = {};
    for (const p of input.placedSignatures) placed[p.spot] = p.value;
    const { pdfUrl } = await ctx.services.contracts.generatePdf(ctx, {
      contractData: {
        placedSignatures: placed,
        userInfo: { name: input.userName ?? undefined, email: input.userEmail ?? undefined },
        completionDate: input.completionDate,
      },
    });
    return { success: true, pdfUrl, error: null };
  }

  @Mutation(() => ContractCompletion, { description: 'Completes the contract: the family is enrolled and tuition falls due' })
  completeEnrollmentContract(@Ctx() ctx: RequestContext): Promise<ContractCompletion> {
    return ctx.services.contracts.complete(ctx);
  }
}
