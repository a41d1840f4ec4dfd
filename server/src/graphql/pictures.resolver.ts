// Product pictures over GraphQL: the `Image` type with its renditions for <picture>/srcset, and
// the `imageOne`/`imageTwo` strings integrators already read, now a JPEG rendition that works everywhere.
// Products, order lines and top products keep their pictures' refs; the rows come from the ones the images
// room keeps, or through one batched query per request for the others (RequestLoaders.pictures).
import { Ctx, Field, FieldResolver, Int, ObjectType, Resolver, Root } from "type-graphql";
import type { Picture } from "../domain/images/index.js";
import type { GraphQLContext } from "./context.js";
import { OrderLine, Product, TopProduct } from "./types.js";

@ObjectType({ simpleResolvers: true, description: "One way to get a picture: a set of renditions in one format, as a <source> of a <picture>." })
export class ImageSource {
  @Field(() => String, { description: "The format's MIME type, e.g. image/avif: <source type>." }) type!: string;
  @Field(() => String, { description: "The renditions in this format with their widths: <source srcset>." }) srcSet!: string;
}

@ObjectType({ simpleResolvers: true, description: "One stored rendition of a picture." })
export class ImageRendition {
  @Field(() => String) url!: string;
  @Field(() => Int) width!: number;
  @Field(() => Int) height!: number;
  @Field(() => String, { description: "MIME type: image/avif, image/webp or image/jpeg." }) type!: string;
}

@ObjectType({
  simpleResolvers: true,
  description: [
    "A product picture: renditions at fixed widths (320, 640, 960, 1280, 1920 px, never wider than the upload) in",
    "AVIF, WebP and JPEG, named by their content and cached for a year. Show it as",
    "<picture>{sources as <source type srcset sizes>}<img src=url srcset=srcSet sizes width height alt></picture>.",
  ].join("\n"),
})
export class Image {
  @Field(() => String, { description: "A JPEG about 640 px wide that every reader shows (or the stored file itself)." }) url!: string;
  @Field(() => Int, { nullable: true, description: "Width in pixels, upright; null while a picture stored before renditions existed is read." })
  width!: number | null;
  @Field(() => Int, { nullable: true }) height!: number | null;
  @Field(() => String, { nullable: true, description: "A tiny blurred version as a data: URL, to show while the picture loads." })
  placeholder!: string | null;
  @Field(() => String, { description: "What the picture shows, for people who cannot see it." }) alt!: string;
  @Field(() => String, { description: "The JPEG renditions with their widths, for <img srcset>." }) srcSet!: string;
  @Field(() => [ImageSource], { description: "The modern formats, best first (AVIF follows an upload within seconds)." })
  sources!: ImageSource[];
  @Field(() => [ImageRendition], { description: "Every rendition, narrowest first: to pick one by width (an Open Graph image, an e-mail)." })
  renditions!: ImageRendition[];
}

async function pictureOf(context: GraphQLContext, ref: string, alt: string): Promise<Picture> {
  return context.shop.images.picture(ref, await context.loaders.pictures.load(ref), alt);
}

const secondAlt = (name: string) => `${name}, second picture`;

@Resolver(() => Product)
class ProductPictureResolver {
  @FieldResolver(() => Image, { description: "The main picture." })
  image(@Root() product: Product, @Ctx() context: GraphQLContext): Promise<Picture> {
    return pictureOf(context, product.imageOne, product.name);
  }

  @FieldResolver(() => [Image], { description: "Every picture, the main one first (one or two)." })
  images(@Root() product: Product, @Ctx() context: GraphQLContext): Promise<Picture[]> {
    const second = product.imageTwo ? [pictureOf(context, product.imageTwo, secondAlt(product.name))] : [];
    return Promise.all([pictureOf(context, product.imageOne, product.name), ...second]);
  }

  @FieldResolver(() => String, { description: "URL of the main picture: a JPEG about 640 px wide (see `image` for every size and format)." })
  async imageOne(@Root() product: Product, @Ctx() context: GraphQLContext): Promise<string> {
    return (await pictureOf(context, product.imageOne, product.name)).url;
  }

  @FieldResolver(() => String, { nullable: true, description: "URL of the second picture, as imageOne; null when there is none." })
  async imageTwo(@Root() product: Product, @Ctx() context: GraphQLContext): Promise<string | null> {
    return product.imageTwo ? (await pictureOf(context, product.imageTwo, secondAlt(product.name))).url : null;
  }
}

@Resolver(() => OrderLine)
class OrderLinePictureResolver {
  @FieldResolver(() => Image, { description: "The picture the product had when it was bought (it stays, whatever happens to the product)." })
  image(@Root() line: OrderLine, @Ctx() context: GraphQLContext): Promise<Picture> {
    return pictureOf(context, line.imageOne, line.name);
  }

  @FieldResolver(() => String)
  async imageOne(@Root() line: OrderLine, @Ctx() context: GraphQLContext): Promise<string> {
    return (await pictureOf(context, line.imageOne, line.name)).url;
  }

  @FieldResolver(() => String, { nullable: true })
  async imageTwo(@Root() line: OrderLine, @Ctx() context: GraphQLContext): Promise<string | null> {
    return line.imageTwo ? (await pictureOf(context, line.imageTwo, secondAlt(line.name))).url : null;
  }
}

@Resolver(() => TopProduct)
class TopProductPictureResolver {
  @FieldResolver(() => Image)
  image(@Root() product: TopProduct, @Ctx() context: GraphQLContext): Promise<Picture> {
    return pictureOf(context, product.imageOne, product.name);
  }

  @FieldResolver(() => String)
  async imageOne(@Root() product: TopProduct, @Ctx() context: GraphQLContext): Promise<string> {
    return (await pictureOf(context, product.imageOne, product.name)).url;
  }
}

export const pictureResolvers = [ProductPictureResolver, OrderLinePictureResolver, TopProductPictureResolver] as const;
