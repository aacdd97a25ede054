package io.pais.experiments;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** PNG charts of a sweep: the paper's Figures 3, 4 and 5, and the reference-noise comparison. */
final class Charts {
  static final Map<String, Color> COLOURS = Map.of("unif", new Color(0x1f77b4), "core", new Color(0xff7f0e),
      "opt", new Color(0x2ca02c), "full", new Color(0x7f7f7f), "opt+bounds", new Color(0x17becf), "diffprivlib",
      new Color(0xd62728), "diffprivlib-matched", new Color(0x9467bd), "opendp", new Color(0x8c564b));
  private static final BasicStroke DASHED = new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
      new float[] {4f, 4f}, 0f);

  private Charts() {}

  static XYChart xy(String title, String xTitle, String yTitle, boolean logX) {
    XYChart chart = new XYChartBuilder().width(820).height(560).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle)
        .build();
    chart.getStyler().setXAxisLogarithmic(logX);
    // linear y: XChart labels a logarithmic axis only at powers of ten, and costs often span less than a decade
    chart.getStyler().setYAxisDecimalPattern("#,##0.###");
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    return chart;
  }

  /** Median as a line with markers, 25/75 % quantiles as thin dashed lines of the same colour. */
  static void addBand(XYChart chart, String name, Color colour, double[] x, double[] median, double[] q25,
      double[] q75) {
    XYSeries m = chart.addSeries(name, x, median);
    m.setLineColor(colour);
    m.setMarkerColor(colour);
    m.setMarker(SeriesMarkers.CIRCLE);
    for (double[] q : List.of(q25, q75)) {
      XYSeries s = chart.addSeries(name + (q == q25 ? " q25" : " q75"), x, q);
      s.setLineColor(colour);
      s.setMarker(SeriesMarkers.NONE);
      s.setLineStyle(DASHED);
      s.setShowInLegend(false);
    }
  }

  /** A horizontal dashed reference line (ε = ∞) over [x0, x1]. */
  static void addReference(XYChart chart, String name, Color colour, double x0, double x1, double y) {
    XYSeries s = chart.addSeries(name, new double[] {x0, x1}, new double[] {y, y});
    s.setLineColor(colour.darker());
    s.setMarker(SeriesMarkers.NONE);
    s.setLineStyle(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {1f, 5f}, 0f));
  }

  /** Stacked bars of time fractions per sampler. */
  static CategoryChart stacked(String title, List<String> categories, Map<String, double[]> parts) {
    CategoryChart chart = new CategoryChartBuilder().width(820).height(560).title(title).xAxisTitle("sampler")
        .yAxisTitle("fraction of full-data DP-Lloyd time").build();
    chart.getStyler().setStacked(true);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    for (Map.Entry<String, double[]> e : parts.entrySet()) {
      chart.addSeries(e.getKey(), categories, java.util.Arrays.stream(e.getValue()).boxed().toList());
    }
    return chart;
  }

  static void save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path file) throws IOException {
    String name = file.toString();
    BitmapEncoder.saveBitmap(chart, name.endsWith(".png") ? name.substring(0, name.length() - 4) : name,
        BitmapEncoder.BitmapFormat.PNG);
  }

  static String epsLabel(double eps) {
    return eps == Math.rint(eps) ? String.format(Locale.ROOT, "%.0f", eps) : Double.toString(eps);
  }
}
