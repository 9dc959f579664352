import { bilingualTitleSchema, groupBodySchema, offerDataSchema } from '@retouch/shared/catalog';
import type { FormRule } from 'antd';
import { schemaRule } from '@/lib/schema-rule';

const offer = offerDataSchema.shape;

/** The rules of the fields services, options and templates share (back-office section 5). */
export const offerRules = {
  titleAdmin: [schemaRule(bilingualTitleSchema.shape.admin)],
  titleUser: [schemaRule(bilingualTitleSchema.shape.user)],
  descriptionAdmin: [schemaRule(offer.description.shape.admin)],
  descriptionUser: [schemaRule(offer.description.shape.user)],
  instruction: [schemaRule(offer.instruction)],
  cost: [schemaRule(offer.cost)],
  designerPrice: [schemaRule(offer.designerPrice)],
  executionTime: [schemaRule(offer.executionTime)],
} satisfies Record<string, FormRule[]>;

/** Group names: the RU name always, the EN name too when a group is edited (back-office section 5). */
export const groupRules = {
  titleAdmin: [schemaRule(groupBodySchema.shape.title.shape.admin)],
  titleUserOnEdit: [schemaRule(bilingualTitleSchema.shape.user)],
} satisfies Record<string, FormRule[]>;
