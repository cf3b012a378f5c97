package org.pgloadbench.render;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.VectorGraphicsEncoder.VectorGraphicsFormat;
import org.knowm.xchart.internal.chartpart.Chart;

/** Writes a chart twice: a PNG for Markdown, an SVG for the HTML report and for print. */
public final class Charts {
  static {
    // Reports are written on servers without a display.
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  private Charts() {}

  /** Writes {@code name}.png and {@code name}.svg into {@code dir}; returns the PNG's file name. */
  public static String write(Chart<?, ?> chart, Path dir, String name) throws IOException {
    Path png = dir.resolve(name + ".png");
    BufferedImage image = BitmapEncoder.getBufferedImage(chart);
    if (!ImageIO.write(image, "png", png.toFile())) {
      throw new IOException("no PNG writer for " + png);
    }
    try (OutputStream svg = Files.newOutputStream(dir.resolve(name + ".svg"))) {
      VectorGraphicsEncoder.saveVectorGraphic(chart, svg, VectorGraphicsFormat.SVG);
    }
    return png.getFileName().toString();
  }
}
