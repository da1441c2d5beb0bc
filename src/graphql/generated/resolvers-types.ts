// Generated from the SDL by scripts/codegen.ts; do not edit. Run npm run codegen.
import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { GraphQLContext } from '../context.js';
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A UUID such as 0b8f1c7e-3d2a-4c51-9e0f-6a7b8c9d0e1f. */
  UUID: { input: string; output: string; }
  /** A calendar date, YYYY-MM-DD. */
  Date: { input: string; output: string; }
};

export type Query = {
  __typename?: 'Query';
  listApiKeys: Maybe<Array<ApiKey>>;
  listMembers: Maybe<Array<Member>>;
  /** sortBy: name (default), currentBalance or accountType; sortDir asc (default) or desc. search matches the name. */
  listAccounts: Maybe<AccountPage>;
  /** sortBy: displayName (default), contactType or balance. search matches the display name. */
  listContacts: Maybe<ContactPage>;
  /** The organizations the caller may use: an API key's own, or a person's memberships. */
  myOrganizations: Maybe<Array<Organization>>;
  /** GIFI codes; search matches code or name. sortBy: code (default) or name. */
  listTaxCodes: Maybe<TaxCodePage>;
  /** Canadian sales tax codes with their rates over time. sortBy: id (default) or name. */
  listSalesTaxCodes: Maybe<SalesTaxCodePage>;
};


export type QueryListApiKeysArgs = {
  organizationId: Scalars['UUID']['input'];
};


export type QueryListMembersArgs = {
  organizationId: Scalars['UUID']['input'];
};


export type QueryListAccountsArgs = {
  organizationId: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  sortBy?: InputMaybe<Scalars['String']['input']>;
  sortDir?: InputMaybe<Scalars['String']['input']>;
};


export type QueryListContactsArgs = {
  organizationId: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  sortBy?: InputMaybe<Scalars['String']['input']>;
  sortDir?: InputMaybe<Scalars['String']['input']>;
};


export type QueryListTaxCodesArgs = {
  organizationId: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  sortBy?: InputMaybe<Scalars['String']['input']>;
  sortDir?: InputMaybe<Scalars['String']['input']>;
};


export type QueryListSalesTaxCodesArgs = {
  organizationId: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  sortBy?: InputMaybe<Scalars['String']['input']>;
  sortDir?: InputMaybe<Scalars['String']['input']>;
};

export type Mutation = {
  __typename?: 'Mutation';
  tokenAuth: Maybe<TokenAuthPayload>;
  createApiKey: Maybe<CreateApiKeyPayload>;
  revokeApiKey: Maybe<MutationResult>;
  addMember: Maybe<AddMemberPayload>;
  removeMember: Maybe<MutationResult>;
  /** Give taxCodeId (a GIFI code from listTaxCodes), or accountType and classification. */
  createAccount: Maybe<CreateAccountPayload>;
  /** Up to 500 accounts; each failing item is reported by index and the others are kept. */
  batchCreateAccounts: Maybe<BatchCreatePayload>;
  createContact: Maybe<CreateContactPayload>;
  /** Up to 500 contacts; each failing item is reported by index and the others are kept. */
  batchCreateContacts: Maybe<BatchCreatePayload>;
  /** Creates an organization owned by the signed-in person (JWT only). */
  createOrganization: Maybe<CreateOrganizationPayload>;
};


export type MutationTokenAuthArgs = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
};


export type MutationCreateApiKeyArgs = {
  organizationId: Scalars['UUID']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
};


export type MutationRevokeApiKeyArgs = {
  organizationId: Scalars['UUID']['input'];
  apiKeyId: Scalars['UUID']['input'];
};


export type MutationAddMemberArgs = {
  organizationId: Scalars['UUID']['input'];
  email: Scalars['String']['input'];
  role: Scalars['String']['input'];
};


export type MutationRemoveMemberArgs = {
  organizationId: Scalars['UUID']['input'];
  userId: Scalars['UUID']['input'];
};


export type MutationCreateAccountArgs = {
  organizationId: Scalars['UUID']['input'];
  name: Scalars['String']['input'];
  taxCodeId?: InputMaybe<Scalars['UUID']['input']>;
  accountType?: InputMaybe<Scalars['String']['input']>;
  classification?: InputMaybe<Scalars['String']['input']>;
  subType?: InputMaybe<Scalars['String']['input']>;
  lastFour?: InputMaybe<Scalars['String']['input']>;
  parentId?: InputMaybe<Scalars['UUID']['input']>;
};


export type MutationBatchCreateAccountsArgs = {
  organizationId: Scalars['UUID']['input'];
  items: Array<AccountInput>;
};


export type MutationCreateContactArgs = {
  organizationId: Scalars['UUID']['input'];
  contactType: Scalars['String']['input'];
  displayName: Scalars['String']['input'];
  email?: InputMaybe<Scalars['String']['input']>;
  phone?: InputMaybe<Scalars['String']['input']>;
};


export type MutationBatchCreateContactsArgs = {
  organizationId: Scalars['UUID']['input'];
  items: Array<ContactInput>;
};


export type MutationCreateOrganizationArgs = {
  name: Scalars['String']['input'];
};

/** The outcome of a mutation that returns nothing else. errorCode is stable; error is for people. */
export type MutationResult = {
  __typename?: 'MutationResult';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
};

export type TokenAuthPayload = {
  __typename?: 'TokenAuthPayload';
  /** A JWT for the Authorization header (JWT <token>), valid for 24 hours. */
  token: Scalars['String']['output'];
};

export type ApiKey = {
  __typename?: 'ApiKey';
  id: Scalars['UUID']['output'];
  name: Scalars['String']['output'];
  /** The first characters of the key, enough to recognise it; the key itself is never shown again. */
  prefix: Scalars['String']['output'];
  createdAt: Scalars['String']['output'];
  lastUsedAt: Maybe<Scalars['String']['output']>;
  revokedAt: Maybe<Scalars['String']['output']>;
};

export type CreateApiKeyPayload = {
  __typename?: 'CreateApiKeyPayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The full key, shown in this answer only. */
  key: Maybe<Scalars['String']['output']>;
  apiKey: Maybe<ApiKey>;
};

export type Member = {
  __typename?: 'Member';
  userId: Scalars['UUID']['output'];
  email: Scalars['String']['output'];
  name: Scalars['String']['output'];
  role: Scalars['String']['output'];
};

export type AddMemberPayload = {
  __typename?: 'AddMemberPayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  member: Maybe<Member>;
};

export type Account = {
  __typename?: 'Account';
  id: Scalars['UUID']['output'];
  name: Scalars['String']['output'];
  /** bank, credit_card, accounts_receivable, other_current_asset, fixed_asset, other_asset, accounts_payable, other_current_liability, long_term_liability, equity, income, other_income, cost_of_goods_sold, expense, other_expense */
  accountType: Scalars['String']['output'];
  /** asset, liability, equity, revenue or expense */
  classification: Scalars['String']['output'];
  /** Empty string when unset. */
  subType: Scalars['String']['output'];
  /** Natural balance of every posted line (debit-natural for assets and expenses), in the functional currency. */
  currentBalance: Scalars['Float']['output'];
  active: Scalars['Boolean']['output'];
  taxCode: Maybe<TaxCode>;
  lastFour: Maybe<Scalars['String']['output']>;
  parentId: Maybe<Scalars['UUID']['output']>;
};

export type AccountPage = {
  __typename?: 'AccountPage';
  items: Array<Account>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

export type AccountInput = {
  name: Scalars['String']['input'];
  accountType: Scalars['String']['input'];
  classification: Scalars['String']['input'];
  subType?: InputMaybe<Scalars['String']['input']>;
  parentId?: InputMaybe<Scalars['UUID']['input']>;
  /** Last 4 digits of the card or bank account, used to match payments. */
  lastFour?: InputMaybe<Scalars['String']['input']>;
};

export type CreateAccountPayload = {
  __typename?: 'CreateAccountPayload';
  account: Maybe<Account>;
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
};

export type BatchItemError = {
  __typename?: 'BatchItemError';
  index: Scalars['Int']['output'];
  error: Scalars['String']['output'];
  errorCode: Scalars['String']['output'];
};

/** success is false only when the whole call was refused (more than 500 items); item failures are in errors. */
export type BatchCreatePayload = {
  __typename?: 'BatchCreatePayload';
  created: Scalars['Int']['output'];
  errors: Array<BatchItemError>;
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
};

export type Contact = {
  __typename?: 'Contact';
  id: Scalars['UUID']['output'];
  /** vendor or customer */
  contactType: Scalars['String']['output'];
  displayName: Scalars['String']['output'];
  /** Empty string when unset. */
  email: Scalars['String']['output'];
  /** Empty string when unset; kept exactly as given. */
  phone: Scalars['String']['output'];
  /** Natural balance of the receivable and payable lines tagged with this contact. */
  balance: Scalars['Float']['output'];
  active: Scalars['Boolean']['output'];
};

export type ContactPage = {
  __typename?: 'ContactPage';
  items: Array<Contact>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

export type ContactInput = {
  contactType: Scalars['String']['input'];
  displayName: Scalars['String']['input'];
  email?: InputMaybe<Scalars['String']['input']>;
  phone?: InputMaybe<Scalars['String']['input']>;
};

export type CreateContactPayload = {
  __typename?: 'CreateContactPayload';
  contact: Maybe<Contact>;
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
};

export type Organization = {
  __typename?: 'Organization';
  id: Scalars['UUID']['output'];
  name: Scalars['String']['output'];
};

export type CreateOrganizationPayload = {
  __typename?: 'CreateOrganizationPayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  organization: Maybe<Organization>;
};

/** A CRA GIFI code. Choosing one for an account determines its type and classification. */
export type TaxCode = {
  __typename?: 'TaxCode';
  id: Scalars['UUID']['output'];
  code: Scalars['String']['output'];
  name: Scalars['String']['output'];
  classification: Scalars['String']['output'];
  accountType: Scalars['String']['output'];
  /** Total lines (1599, 2599, ...) describe statements and cannot be used for an account. */
  isTotalLine: Scalars['Boolean']['output'];
};

export type TaxCodePage = {
  __typename?: 'TaxCodePage';
  items: Array<TaxCode>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

export type SalesTaxRate = {
  __typename?: 'SalesTaxRate';
  /** Percent as an exact decimal string, e.g. 14.975. */
  rate: Scalars['String']['output'];
  effectiveFrom: Scalars['String']['output'];
  effectiveTo: Maybe<Scalars['String']['output']>;
};

/** A Canadian sales tax (GST, HST, QST, PST, zero-rated, exempt); its id is what updateStagedEntry takes as taxCode. */
export type SalesTaxCode = {
  __typename?: 'SalesTaxCode';
  id: Scalars['String']['output'];
  name: Scalars['String']['output'];
  jurisdiction: Scalars['String']['output'];
  rates: Array<SalesTaxRate>;
};

export type SalesTaxCodePage = {
  __typename?: 'SalesTaxCodePage';
  items: Array<SalesTaxCode>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};



export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;





/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  UUID: ResolverTypeWrapper<Scalars['UUID']['output']>;
  Date: ResolverTypeWrapper<Scalars['Date']['output']>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  MutationResult: ResolverTypeWrapper<MutationResult>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  TokenAuthPayload: ResolverTypeWrapper<TokenAuthPayload>;
  ApiKey: ResolverTypeWrapper<ApiKey>;
  CreateApiKeyPayload: ResolverTypeWrapper<CreateApiKeyPayload>;
  Member: ResolverTypeWrapper<Member>;
  AddMemberPayload: ResolverTypeWrapper<AddMemberPayload>;
  Account: ResolverTypeWrapper<Account>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  AccountPage: ResolverTypeWrapper<AccountPage>;
  AccountInput: AccountInput;
  CreateAccountPayload: ResolverTypeWrapper<CreateAccountPayload>;
  BatchItemError: ResolverTypeWrapper<BatchItemError>;
  BatchCreatePayload: ResolverTypeWrapper<BatchCreatePayload>;
  Contact: ResolverTypeWrapper<Contact>;
  ContactPage: ResolverTypeWrapper<ContactPage>;
  ContactInput: ContactInput;
  CreateContactPayload: ResolverTypeWrapper<CreateContactPayload>;
  Organization: ResolverTypeWrapper<Organization>;
  CreateOrganizationPayload: ResolverTypeWrapper<CreateOrganizationPayload>;
  TaxCode: ResolverTypeWrapper<TaxCode>;
  TaxCodePage: ResolverTypeWrapper<TaxCodePage>;
  SalesTaxRate: ResolverTypeWrapper<SalesTaxRate>;
  SalesTaxCode: ResolverTypeWrapper<SalesTaxCode>;
  SalesTaxCodePage: ResolverTypeWrapper<SalesTaxCodePage>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  UUID: Scalars['UUID']['output'];
  Date: Scalars['Date']['output'];
  Query: Record<PropertyKey, never>;
  Int: Scalars['Int']['output'];
  String: Scalars['String']['output'];
  Mutation: Record<PropertyKey, never>;
  MutationResult: MutationResult;
  Boolean: Scalars['Boolean']['output'];
  TokenAuthPayload: TokenAuthPayload;
  ApiKey: ApiKey;
  CreateApiKeyPayload: CreateApiKeyPayload;
  Member: Member;
  AddMemberPayload: AddMemberPayload;
  Account: Account;
  Float: Scalars['Float']['output'];
  AccountPage: AccountPage;
  AccountInput: AccountInput;
  CreateAccountPayload: CreateAccountPayload;
  BatchItemError: BatchItemError;
  BatchCreatePayload: BatchCreatePayload;
  Contact: Contact;
  ContactPage: ContactPage;
  ContactInput: ContactInput;
  CreateContactPayload: CreateContactPayload;
  Organization: Organization;
  CreateOrganizationPayload: CreateOrganizationPayload;
  TaxCode: TaxCode;
  TaxCodePage: TaxCodePage;
  SalesTaxRate: SalesTaxRate;
  SalesTaxCode: SalesTaxCode;
  SalesTaxCodePage: SalesTaxCodePage;
};

export interface UuidScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['UUID'], any> {
  name: 'UUID';
}

export interface DateScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Date'], any> {
  name: 'Date';
}

export type QueryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  listApiKeys?: Resolver<Maybe<Array<ResolversTypes['ApiKey']>>, ParentType, ContextType, RequireFields<QueryListApiKeysArgs, 'organizationId'>>;
  listMembers?: Resolver<Maybe<Array<ResolversTypes['Member']>>, ParentType, ContextType, RequireFields<QueryListMembersArgs, 'organizationId'>>;
  listAccounts?: Resolver<Maybe<ResolversTypes['AccountPage']>, ParentType, ContextType, RequireFields<QueryListAccountsArgs, 'organizationId'>>;
  listContacts?: Resolver<Maybe<ResolversTypes['ContactPage']>, ParentType, ContextType, RequireFields<QueryListContactsArgs, 'organizationId'>>;
  myOrganizations?: Resolver<Maybe<Array<ResolversTypes['Organization']>>, ParentType, ContextType>;
  listTaxCodes?: Resolver<Maybe<ResolversTypes['TaxCodePage']>, ParentType, ContextType, RequireFields<QueryListTaxCodesArgs, 'organizationId'>>;
  listSalesTaxCodes?: Resolver<Maybe<ResolversTypes['SalesTaxCodePage']>, ParentType, ContextType, RequireFields<QueryListSalesTaxCodesArgs, 'organizationId'>>;
};

export type MutationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  tokenAuth?: Resolver<Maybe<ResolversTypes['TokenAuthPayload']>, ParentType, ContextType, RequireFields<MutationTokenAuthArgs, 'email' | 'password'>>;
  createApiKey?: Resolver<Maybe<ResolversTypes['CreateApiKeyPayload']>, ParentType, ContextType, RequireFields<MutationCreateApiKeyArgs, 'organizationId'>>;
  revokeApiKey?: Resolver<Maybe<ResolversTypes['MutationResult']>, ParentType, ContextType, RequireFields<MutationRevokeApiKeyArgs, 'organizationId' | 'apiKeyId'>>;
  addMember?: Resolver<Maybe<ResolversTypes['AddMemberPayload']>, ParentType, ContextType, RequireFields<MutationAddMemberArgs, 'organizationId' | 'email' | 'role'>>;
  removeMember?: Resolver<Maybe<ResolversTypes['MutationResult']>, ParentType, ContextType, RequireFields<MutationRemoveMemberArgs, 'organizationId' | 'userId'>>;
  createAccount?: Resolver<Maybe<ResolversTypes['CreateAccountPayload']>, ParentType, ContextType, RequireFields<MutationCreateAccountArgs, 'organizationId' | 'name'>>;
  batchCreateAccounts?: Resolver<Maybe<ResolversTypes['BatchCreatePayload']>, ParentType, ContextType, RequireFields<MutationBatchCreateAccountsArgs, 'organizationId' | 'items'>>;
  createContact?: Resolver<Maybe<ResolversTypes['CreateContactPayload']>, ParentType, ContextType, RequireFields<MutationCreateContactArgs, 'organizationId' | 'contactType' | 'displayName'>>;
  batchCreateContacts?: Resolver<Maybe<ResolversTypes['BatchCreatePayload']>, ParentType, ContextType, RequireFields<MutationBatchCreateContactsArgs, 'organizationId' | 'items'>>;
  createOrganization?: Resolver<Maybe<ResolversTypes['CreateOrganizationPayload']>, ParentType, ContextType, RequireFields<MutationCreateOrganizationArgs, 'name'>>;
};

export type MutationResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MutationResult'] = ResolversParentTypes['MutationResult']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type TokenAuthPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TokenAuthPayload'] = ResolversParentTypes['TokenAuthPayload']> = {
  token?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ApiKeyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ApiKey'] = ResolversParentTypes['ApiKey']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  prefix?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastUsedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  revokedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type CreateApiKeyPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreateApiKeyPayload'] = ResolversParentTypes['CreateApiKeyPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  key?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  apiKey?: Resolver<Maybe<ResolversTypes['ApiKey']>, ParentType, ContextType>;
};

export type MemberResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Member'] = ResolversParentTypes['Member']> = {
  userId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AddMemberPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AddMemberPayload'] = ResolversParentTypes['AddMemberPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  member?: Resolver<Maybe<ResolversTypes['Member']>, ParentType, ContextType>;
};

export type AccountResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Account'] = ResolversParentTypes['Account']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  accountType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  classification?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  subType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currentBalance?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  taxCode?: Resolver<Maybe<ResolversTypes['TaxCode']>, ParentType, ContextType>;
  lastFour?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  parentId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
};

export type AccountPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AccountPage'] = ResolversParentTypes['AccountPage']> = {
  items?: Resolver<Array<ResolversTypes['Account']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type CreateAccountPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreateAccountPayload'] = ResolversParentTypes['CreateAccountPayload']> = {
  account?: Resolver<Maybe<ResolversTypes['Account']>, ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type BatchItemErrorResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BatchItemError'] = ResolversParentTypes['BatchItemError']> = {
  index?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  error?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  errorCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type BatchCreatePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BatchCreatePayload'] = ResolversParentTypes['BatchCreatePayload']> = {
  created?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  errors?: Resolver<Array<ResolversTypes['BatchItemError']>, ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ContactResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Contact'] = ResolversParentTypes['Contact']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  contactType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  displayName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  phone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  balance?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type ContactPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ContactPage'] = ResolversParentTypes['ContactPage']> = {
  items?: Resolver<Array<ResolversTypes['Contact']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type CreateContactPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreateContactPayload'] = ResolversParentTypes['CreateContactPayload']> = {
  contact?: Resolver<Maybe<ResolversTypes['Contact']>, ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type OrganizationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Organization'] = ResolversParentTypes['Organization']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CreateOrganizationPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreateOrganizationPayload'] = ResolversParentTypes['CreateOrganizationPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  organization?: Resolver<Maybe<ResolversTypes['Organization']>, ParentType, ContextType>;
};

export type TaxCodeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TaxCode'] = ResolversParentTypes['TaxCode']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  classification?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  accountType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  isTotalLine?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type TaxCodePageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TaxCodePage'] = ResolversParentTypes['TaxCodePage']> = {
  items?: Resolver<Array<ResolversTypes['TaxCode']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type SalesTaxRateResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SalesTaxRate'] = ResolversParentTypes['SalesTaxRate']> = {
  rate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  effectiveFrom?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  effectiveTo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type SalesTaxCodeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SalesTaxCode'] = ResolversParentTypes['SalesTaxCode']> = {
  id?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  jurisdiction?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  rates?: Resolver<Array<ResolversTypes['SalesTaxRate']>, ParentType, ContextType>;
};

export type SalesTaxCodePageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SalesTaxCodePage'] = ResolversParentTypes['SalesTaxCodePage']> = {
  items?: Resolver<Array<ResolversTypes['SalesTaxCode']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type Resolvers<ContextType = GraphQLContext> = {
  UUID?: GraphQLScalarType;
  Date?: GraphQLScalarType;
  Query?: QueryResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  MutationResult?: MutationResultResolvers<ContextType>;
  TokenAuthPayload?: TokenAuthPayloadResolvers<ContextType>;
  ApiKey?: ApiKeyResolvers<ContextType>;
  CreateApiKeyPayload?: CreateApiKeyPayloadResolvers<ContextType>;
  Member?: MemberResolvers<ContextType>;
  AddMemberPayload?: AddMemberPayloadResolvers<ContextType>;
  Account?: AccountResolvers<ContextType>;
  AccountPage?: AccountPageResolvers<ContextType>;
  CreateAccountPayload?: CreateAccountPayloadResolvers<ContextType>;
  BatchItemError?: BatchItemErrorResolvers<ContextType>;
  BatchCreatePayload?: BatchCreatePayloadResolvers<ContextType>;
  Contact?: ContactResolvers<ContextType>;
  ContactPage?: ContactPageResolvers<ContextType>;
  CreateContactPayload?: CreateContactPayloadResolvers<ContextType>;
  Organization?: OrganizationResolvers<ContextType>;
  CreateOrganizationPayload?: CreateOrganizationPayloadResolvers<ContextType>;
  TaxCode?: TaxCodeResolvers<ContextType>;
  TaxCodePage?: TaxCodePageResolvers<ContextType>;
  SalesTaxRate?: SalesTaxRateResolvers<ContextType>;
  SalesTaxCode?: SalesTaxCodeResolvers<ContextType>;
  SalesTaxCodePage?: SalesTaxCodePageResolvers<ContextType>;
};

