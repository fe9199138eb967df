import type { CartView, ProductView, ShopOrderView } from '@vigil/shared';
import { answeringAppErrors } from '../errors.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';
import { pageRequest } from './pagination.js';

/**
 * The offices' shop and the team's store (issue 37; spec 000 §2 shop and store routes). Thin
 * resolvers over ShopService; lists a page at a time (first, after: the last item's id).
 */
export const shopTypeDefs = /* GraphQL */ `
  "A product of the team's store; price in whole cents."
  type Product {
    id: String!
    name: String!
    description: String!
    sku: String!
    category: String!
    price: Int!
    currency: String!
    stock: Int!
    images: [String!]!
    active: Boolean!
    createdAt: Float!
    updatedAt: Float!
  }

  type OrderLine {
    productId: String!
    name: String!
    unitPrice: Int!
    quantity: Int!
  }

  "An order of an organisation: paid, fulfilled, shipped (carrier and tracking) or refunded."
  type ShopOrder {
    id: String!
    number: String!
    orgId: String!
    orgName: String!
    status: String!
    lines: [OrderLine!]!
    subtotal: Int!
    shipping: Int!
    total: Int!
    currency: String!
    shippingAddress: PostalAddress
    carrier: String
    trackingNumber: String
    placedByTeam: Boolean!
    createdAt: Float!
    fulfilledAt: Float
    shippedAt: Float
    refundedAt: Float
  }

  type CartLine {
    product: Product!
    quantity: Int!
  }

  type Cart {
    lines: [CartLine!]!
    subtotal: Int!
    shipping: Int!
    total: Int!
  }

  input ProductInput {
    id: String
    name: String!
    description: String
    sku: String!
    category: String!
    price: Int!
    stock: Int!
    images: [String!]
    active: Boolean
  }

  extend type Query {
    "The products an organisation may buy (members; the store flag)."
    shopProducts(orgId: String, first: Int, after: String): [Product!]!
    shopProduct(orgId: String, productId: String!): Product!
    "The caller's cart in the organisation (administrators)."
    shopCart(orgId: String): Cart!
    "The organisation's orders, newest first (members)."
    shopOrders(orgId: String, first: Int, after: String): [ShopOrder!]!
    shopOrder(orgId: String, orderId: String!): ShopOrder!
    "Every product, archived ones included (internal team)."
    storeProducts(first: Int, after: String): [Product!]!
    storeProduct(productId: String!): Product!
    "Every organisation's orders, newest first, of one status or all (internal team)."
    storeOrders(status: String, first: Int, after: String): [ShopOrder!]!
    storeOrder(orderId: String!): ShopOrder!
  }

  extend type Mutation {
    "Sets a product's quantity in the caller's cart; 0 removes it."
    setCartLine(orgId: String, productId: String!, quantity: Int!): Cart!
    "Places the cart as an order paid with the organisation's card."
    checkout(orgId: String): ShopOrder!
    "Creates (no id) or changes a product (internal team)."
    saveProduct(product: ProductInput!): Product!
    """
    Fulfils, ships (carrier and tracking number) or refunds an order (internal team), from the
    status the caller saw (from): CONFLICT when the order has moved on meanwhile.
    """
    moveOrder(orderId: String!, from: String!, to: String!, carrier: String, trackingNumber: String): ShopOrder!
  }
`;

export const shopResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    shopProducts: async (_, args, ctx): Promise<ProductView[]> => {
      const { first, after } = pageRequest(args);
      const shop = ctx.services.shop;
      return (await shop.catalogue(await ctx.caller(), { ...graphqlArgs(args), first, after })).items;
    },
    shopProduct: async (_, args, ctx): Promise<ProductView> =>
      ctx.services.shop.product(await ctx.caller(), graphqlArgs(args)),
    shopCart: async (_, args, ctx): Promise<CartView> => ctx.services.shop.cart(await ctx.caller(), graphqlArgs(args)),
    shopOrders: async (_, args, ctx): Promise<ShopOrderView[]> => {
      const { first, after } = pageRequest(args);
      const shop = ctx.services.shop;
      return shop.views((await shop.orders(await ctx.caller(), { ...graphqlArgs(args), first, after })).items);
    },
    shopOrder: async (_, args, ctx): Promise<ShopOrderView> => {
      const shop = ctx.services.shop;
      return (await shop.views([await shop.order(await ctx.caller(), graphqlArgs(args))]))[0]!;
    },
    storeProducts: async (_, args, ctx): Promise<ProductView[]> =>
      (await ctx.services.shop.teamProducts(await ctx.caller(), { ...pageRequest(args) })).items,
    storeProduct: async (_, args, ctx): Promise<ProductView> =>
      ctx.services.shop.teamProduct(await ctx.caller(), graphqlArgs(args)),
    storeOrders: async (_, args, ctx): Promise<ShopOrderView[]> => {
      const shop = ctx.services.shop;
      const page = pageRequest(args);
      return shop.views((await shop.teamOrders(await ctx.caller(), { ...graphqlArgs(args), ...page })).items);
    },
    storeOrder: async (_, args, ctx): Promise<ShopOrderView> => {
      const shop = ctx.services.shop;
      return (await shop.views([await shop.teamOrder(await ctx.caller(), graphqlArgs(args))]))[0]!;
    },
  }),
  Mutation: answeringAppErrors<ResolverArgs>({
    setCartLine: async (_, args, ctx): Promise<CartView> =>
      ctx.services.shop.setCartLine(await ctx.caller(), graphqlArgs(args)),
    checkout: async (_, args, ctx): Promise<ShopOrderView> => {
      const shop = ctx.services.shop;
      return (await shop.views([await shop.checkout(await ctx.caller(), graphqlArgs(args))]))[0]!;
    },
    saveProduct: async (_, args, ctx): Promise<ProductView> =>
      ctx.services.shop.saveProduct(await ctx.caller(), graphqlArgs(args)),
    moveOrder: async (_, args, ctx): Promise<ShopOrderView> => {
      const shop = ctx.services.shop;
      return (await shop.views([await shop.moveOrder(await ctx.caller(), graphqlArgs(args))]))[0]!;
    },
  }),
};
