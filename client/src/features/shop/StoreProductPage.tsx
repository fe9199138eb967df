import { Alert, Button, Group, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useCallback, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorCode } from '../../data/graphql.js';
import { ImageUrlList } from '../../ui/kit/ImageUrlList.js';
import { Page } from '../../ui/Page.js';
import * as api from './api.js';
import { useServer } from './hooks.js';
import { MAX_PICTURES, pictureDataUrl } from './pictures.js';
import { ShopLoadStatus, ShopRefusal } from './ShopParts.js';
import { STORE, StoreLinks } from './StorePages.js';
import { centsToDollars, parseProductForm, type ProductFormField, type ProductFormValues } from './texts.js';

const EMPTY: ProductFormValues = {
  name: '',
  description: '',
  sku: '',
  category: '',
  price: '',
  stock: '0',
  active: true,
  images: [],
};

const valuesOf = (p: api.Product): ProductFormValues => ({
  name: p.name,
  description: p.description,
  sku: p.sku,
  category: p.category,
  price: centsToDollars(p.price),
  stock: String(p.stock),
  active: p.active,
  images: p.images,
});

/** `/vigil-team/store/products/new` and `store/products/{productId}` (spec 000 §2): a product's form. */
export function StoreProductPage(): ReactNode {
  const { productId } = useParams();
  const product = useServer(
    useCallback(async () => (productId ? api.fetchStoreProduct(productId) : null), [productId]),
  );
  const title = productId ? 'Store Product' : 'New Store Product';
  return (
    <Page title={title}>
      <StoreLinks />
      {productId && <ShopLoadStatus loaded={product} failedTitle="The product could not be loaded" />}
      {(!productId || product.data) && (
        <ProductForm key={product.data?.updatedAt ?? 'new'} product={product.data} onSaved={product.set} />
      )}
    </Page>
  );
}

interface ProductFormProps {
  product: api.Product | null;
  onSaved: (p: api.Product) => void;
}

function ProductForm({ product, onSaved }: ProductFormProps): ReactNode {
  const navigate = useNavigate();
  const [values, setValues] = useState<ProductFormValues>(product ? valuesOf(product) : EMPTY);
  const [errors, setErrors] = useState<Partial<Record<ProductFormField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const field = (name: keyof ProductFormValues) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const v = e.currentTarget.value;
    setValues((s) => ({ ...s, [name]: v }));
  };
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const parsed = parseProductForm(values);
    setErrors(parsed.errors);
    setSaved(false);
    if (!parsed.input) return;
    setBusy(true);
    setRefusal(null);
    try {
      const out = await api.saveProduct({ ...parsed.input, id: product?.id ?? null });
      if (product) {
        onSaved(out);
        setSaved(true);
      } else void navigate(`${STORE}/products/${encodeURIComponent(out.id)}`);
    } catch (err) {
      setRefusal(errorCode(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm" maw={640}>
        <TextInput label="Name" required value={values.name} onChange={field('name')} error={errors.name} />
        <Textarea label="Description" autosize minRows={3} value={values.description} onChange={field('description')} />
        <Group grow align="flex-start">
          <TextInput label="SKU" required value={values.sku} onChange={field('sku')} error={errors.sku} />
          <TextInput
            label="Category"
            required
            value={values.category}
            onChange={field('category')}
            error={errors.category}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="Price (dollars)"
            required
            inputMode="decimal"
            value={values.price}
            onChange={field('price')}
            error={errors.price}
          />
          <TextInput
            label="Stock"
            required
            inputMode="numeric"
            value={values.stock}
            onChange={field('stock')}
            error={errors.stock}
          />
        </Group>
        <Switch
          label="For sale in the shop"
          checked={values.active}
          onChange={(e) => {
            const active = e.currentTarget.checked;
            setValues((s) => ({ ...s, active }));
          }}
        />
        <PicturesField images={values.images} onChange={(images) => setValues((s) => ({ ...s, images }))} />
        <ShopRefusal code={refusal} orgId="" />
        {saved && (
          <Alert color="green" role="status">
            Saved.
          </Alert>
        )}
        <Group>
          <Button type="submit" mih={44} loading={busy}>
            {product ? 'Save' : 'Create product'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PicturesField({ images, onChange }: { images: string[]; onChange: (images: string[]) => void }): ReactNode {
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const add = async (e: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const input = e.currentTarget;
    const files = [...(input.files ?? [])];
    input.value = '';
    setProblem(null);
    setReading(true);
    const next = [...images];
    for (const file of files) {
      if (next.length >= MAX_PICTURES) {
        setProblem(`A product has at most ${MAX_PICTURES} pictures.`);
        break;
      }
      const out = await pictureDataUrl(file);
      if ('error' in out) setProblem(out.error);
      else next.push(out.url);
    }
    setReading(false);
    onChange(next);
  };
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm" id="pictures-label">
        Pictures ({images.length} of {MAX_PICTURES})
      </Text>
      <ImageUrlList urls={images} onChange={onChange} itemName="Picture" />
      {images.length < MAX_PICTURES && (
        <input
          type="file"
          accept="image/png,image/jpeg"
          multiple
          aria-labelledby="pictures-label"
          disabled={reading}
          onChange={(e) => void add(e)}
        />
      )}
      {problem && (
        <Text c="red.9" size="sm" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
