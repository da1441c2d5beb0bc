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
  /** The organizations the caller may use: an API key's own, or a person's memberships. */
  myOrganizations: Maybe<Array<Organization>>;
};


export type QueryListApiKeysArgs = {
  organizationId: Scalars['UUID']['input'];
};


export type QueryListMembersArgs = {
  organizationId: Scalars['UUID']['input'];
};

export type Mutation = {
  __typename?: 'Mutation';
  tokenAuth: Maybe<TokenAuthPayload>;
  createApiKey: Maybe<CreateApiKeyPayload>;
  revokeApiKey: Maybe<MutationResult>;
  addMember: Maybe<AddMemberPayload>;
  removeMember: Maybe<MutationResult>;
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
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  MutationResult: ResolverTypeWrapper<MutationResult>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  TokenAuthPayload: ResolverTypeWrapper<TokenAuthPayload>;
  ApiKey: ResolverTypeWrapper<ApiKey>;
  CreateApiKeyPayload: ResolverTypeWrapper<CreateApiKeyPayload>;
  Member: ResolverTypeWrapper<Member>;
  AddMemberPayload: ResolverTypeWrapper<AddMemberPayload>;
  Organization: ResolverTypeWrapper<Organization>;
  CreateOrganizationPayload: ResolverTypeWrapper<CreateOrganizationPayload>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  UUID: Scalars['UUID']['output'];
  Date: Scalars['Date']['output'];
  Query: Record<PropertyKey, never>;
  Mutation: Record<PropertyKey, never>;
  String: Scalars['String']['output'];
  MutationResult: MutationResult;
  Boolean: Scalars['Boolean']['output'];
  TokenAuthPayload: TokenAuthPayload;
  ApiKey: ApiKey;
  CreateApiKeyPayload: CreateApiKeyPayload;
  Member: Member;
  AddMemberPayload: AddMemberPayload;
  Organization: Organization;
  CreateOrganizationPayload: CreateOrganizationPayload;
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
  myOrganizations?: Resolver<Maybe<Array<ResolversTypes['Organization']>>, ParentType, ContextType>;
};

export type MutationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  tokenAuth?: Resolver<Maybe<ResolversTypes['TokenAuthPayload']>, ParentType, ContextType, RequireFields<MutationTokenAuthArgs, 'email' | 'password'>>;
  createApiKey?: Resolver<Maybe<ResolversTypes['CreateApiKeyPayload']>, ParentType, ContextType, RequireFields<MutationCreateApiKeyArgs, 'organizationId'>>;
  revokeApiKey?: Resolver<Maybe<ResolversTypes['MutationResult']>, ParentType, ContextType, RequireFields<MutationRevokeApiKeyArgs, 'organizationId' | 'apiKeyId'>>;
  addMember?: Resolver<Maybe<ResolversTypes['AddMemberPayload']>, ParentType, ContextType, RequireFields<MutationAddMemberArgs, 'organizationId' | 'email' | 'role'>>;
  removeMember?: Resolver<Maybe<ResolversTypes['MutationResult']>, ParentType, ContextType, RequireFields<MutationRemoveMemberArgs, 'organizationId' | 'userId'>>;
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
  Organization?: OrganizationResolvers<ContextType>;
  CreateOrganizationPayload?: CreateOrganizationPayloadResolvers<ContextType>;
};

