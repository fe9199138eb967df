import { createElement, type ReactNode } from 'react';
import { CartPage } from './CartPage.js';
import { CheckoutPage } from './CheckoutPage.js';
import { ProductPage } from './ProductPage.js';
import { ShopPage } from './ShopPage.js';

/** The shop feature's surface for other features (issue 37): they import it only through this file. */
export { OrderPage, OrdersPage } from './OrdersPage.js';
export { ProviderCustomerShopPage, StoreOrdersPage, StorePage, StoreProductsPage } from './StorePages.js';
export { StoreOrderPage } from './StoreOrderPage.js';
export { StoreProductPage } from './StoreProductPage.js';
/** Dollars as typed to whole cents and back (SHC7), for the team's plan prices too. */
export { addressLines, centsToDollars, dollarsToCents } from './texts.js';
export { CartPage, CheckoutPage, ProductPage, ShopPage };

/** The office shop's screen of each shop route (ui/SubAppRoutes shopRoutes), for the office and the team on its behalf. */
export function shopElement(page: 'shop' | 'cart' | 'checkout' | 'product'): ReactNode {
  switch (page) {
    case 'shop':
      return createElement(ShopPage);
    case 'cart':
      return createElement(CartPage);
    case 'checkout':
      return createElement(CheckoutPage);
    case 'product':
      return createElement(ProductPage);
  }
}
