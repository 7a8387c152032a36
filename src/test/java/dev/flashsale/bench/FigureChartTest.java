package dev.flashsale.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/** The picture of a run's figures: well-formed SVG, a bar per rate and ceiling, two per latency. */
class FigureChartTest {

    @Test
    void eachFigureWithARateIsABesideItsCeilingAndItsLatencies() throws Exception {
        WrkSummary.Latency latency = new WrkSummary.Latency(2.5, 5, 11.9, 20, 30, 3);
        List<Figure> figures = List.of(
                new Figure("ping, c=64", List.of(19_815.0), latency, 0, 0, null, 931L, "floor", 24_000.0),
                new Figure("sold-out <refusals> & more", List.of(7_518.0), latency, 0, 0, "PASS 6/6", 943L, null, null),
                new Figure("ceiling: pgbench reserve tx", List.of(508.0), null, 0, 0, null, null, null, null));

        String svg = FigureChart.render("run \"1\"", figures);
        Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));

        assertEquals("svg", document.getDocumentElement().getNodeName());
        // The white background, four legend keys, then per figure with a latency: its bar, its ceiling's if any, p50 and p99.
        assertEquals(1 + 4 + 4 + 3, document.getElementsByTagName("rect").getLength());
        assertTrue(svg.contains("19,815") && svg.contains("floor 24,000 (0.83)"), svg);
        assertTrue(svg.contains("sold-out &lt;refusals&gt; &amp; more"), "names are escaped");
        assertTrue(!svg.contains("pgbench reserve tx"), "a figure without latency is left out");
    }
}
